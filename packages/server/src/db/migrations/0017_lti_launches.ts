/**
 * Issue 27.2, LTI launches: the state and nonce of each OIDC login initiation (single use, short-lived), and the
 * Larmor account of each platform user, found by the platform and its `sub` (never by e-mail).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const ltiLaunchesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('lti_launch_states')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lti_launch_states_expiry')
      .on('lti_launch_states')
      .column('expires_at')
      .execute();
    await db.schema
      .createTable('lti_accounts')
      .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
      .addColumn('sub', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lti_accounts_pk', ['platform_id', 'sub'])
      .execute();
    await db.schema.createIndex('lti_accounts_user').on('lti_accounts').column('user_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('lti_accounts').execute();
    await db.schema.dropTable('lti_launch_states').execute();
  },
};
