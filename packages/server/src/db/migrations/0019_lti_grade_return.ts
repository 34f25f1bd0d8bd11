/**
 * Issue 27.4–5, LTI grade return (AGS 2.0) and rosters (NRPS 2.0): the resource links platforms launched Larmor's
 * modules from, with their AGS endpoint claim (line item, line items, scopes) and their context's membership
 * service URL; which users launched each link (their attempts on its module
 * go to its line item); and the score outbox, one row per attempt and line item, each with its delivery status
 * and durable retry schedule (`next_try_at`), so that a score is sent once per change and never twice.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const ltiGradeReturnMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('lti_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
      .addColumn('deployment_id', 'text', (c) => c.notNull())
      .addColumn('resource_link_id', 'text', (c) => c.notNull())
      .addColumn('context_id', 'text')
      .addColumn('lab_id', 'text', (c) => c.notNull().references('labs.id').onDelete('cascade'))
      .addColumn('line_item', 'text')
      .addColumn('line_items', 'text')
      .addColumn('memberships_url', 'text')
      .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('lti_links_resource_link', ['platform_id', 'deployment_id', 'resource_link_id'])
      .execute();
    await db.schema.createIndex('lti_links_lab').on('lti_links').column('lab_id').execute();
    await db.schema
      .createTable('lti_link_users')
      .addColumn('link_id', 'text', (c) => c.notNull().references('lti_links.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lti_link_users_pk', ['link_id', 'user_id'])
      .execute();
    await db.schema.createIndex('lti_link_users_user').on('lti_link_users').column('user_id').execute();
    await db.schema
      .createTable('lti_scores')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('attempt_id', 'text', (c) => c.notNull().references('lab_attempts.id').onDelete('cascade'))
      .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
      .addColumn('line_item', 'text', (c) => c.notNull())
      .addColumn('user_sub', 'text', (c) => c.notNull())
      .addColumn('score_given', 'double precision', (c) => c.notNull())
      .addColumn('score_maximum', 'double precision', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('scored_at', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('tries', 'integer', (c) => c.notNull())
      .addColumn('next_try_at', 'text')
      .addColumn('error', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('lti_scores_attempt_line_item', ['attempt_id', 'line_item'])
      .execute();
    await db.schema
      .createIndex('lti_scores_due')
      .on('lti_scores')
      .columns(['status', 'next_try_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('lti_scores').execute();
    await db.schema.dropTable('lti_link_users').execute();
    await db.schema.dropTable('lti_links').execute();
  },
};
