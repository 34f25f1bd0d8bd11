/**
 * Issue 27.3, LTI deep linking: a teacher's pending deep-linking request (from the verified
 * `LtiDeepLinkingRequest` launch until the response is posted back to the platform, LTI_DEEP_LINK_TTL_S at most).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const ltiDeepLinksMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('lti_deep_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('deployment_id', 'text', (c) => c.notNull())
      .addColumn('return_url', 'text', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('title', 'text')
      .addColumn('accept_line_item', 'integer', (c) => c.notNull())
      .addColumn('content_item', 'text')
      .addColumn('response_token_hash', 'text', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('lti_deep_links_expiry').on('lti_deep_links').column('expires_at').execute();
    await db.schema.createIndex('lti_deep_links_user').on('lti_deep_links').column('user_id').execute();
    await db.schema
      .createIndex('lti_deep_links_platform')
      .on('lti_deep_links')
      .column('platform_id')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('lti_deep_links').execute();
  },
};
