/**
 * Accounts, organisations and sign-in: written once with Kysely's schema builder, so the same migration runs on
 * SQLite and PostgreSQL. Only portable column types are used (text, integer); see schema.ts for the conventions.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Kysely migrations must accept any database shape: the schema is what they create.
type AnyDb = Kysely<unknown>;

const now = 'text';

export const accountsMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text')
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('terms_ack', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_login', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', now, (c) => c.notNull())
      .addColumn('updated_at', now, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();

    await db.schema
      .createTable('clients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('license', 'text', (c) => c.notNull())
      .addColumn('created_at', now, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('memberships')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('created_at', now, (c) => c.notNull())
      .addUniqueConstraint('memberships_user_client', ['user_id', 'client_id'])
      .execute();
    await db.schema.createIndex('memberships_client').on('memberships').column('client_id').execute();

    await db.schema
      .createTable('groups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', now, (c) => c.notNull())
      .addUniqueConstraint('groups_client_name', ['client_id', 'name'])
      .execute();

    await db.schema
      .createTable('group_members')
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
      .execute();
    await db.schema.createIndex('group_members_user').on('group_members').column('user_id').execute();

    await db.schema
      .createTable('cohorts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', now, (c) => c.notNull())
      .addUniqueConstraint('cohorts_group_name', ['group_id', 'name'])
      .execute();

    await db.schema
      .createTable('cohort_members')
      .addColumn('cohort_id', 'text', (c) => c.notNull().references('cohorts.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('cohort_members_pk', ['cohort_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('individual_access')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
      .addColumn('plan', 'text', (c) => c.notNull())
      .addColumn('created_at', now, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('identity_id', 'text')
      .addColumn('expires_at', now, (c) => c.notNull())
      .addColumn('used_at', now)
      .addColumn('revoked_at', now)
      .addColumn('created_at', now, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

    await db.schema
      .createTable('user_tokens')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', now, (c) => c.notNull())
      .addColumn('used_at', now)
      .addColumn('created_at', now, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body_text', 'text', (c) => c.notNull())
      .addColumn('created_at', now, (c) => c.notNull())
      .addColumn('sent_at', now)
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('mail_outbox_created_at').on('mail_outbox').column('created_at').execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text')
      .addColumn('updated_at', now, (c) => c.notNull())
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    const tables = [
      'settings',
      'mail_outbox',
      'user_tokens',
      'refresh_tokens',
      'individual_access',
      'cohort_members',
      'cohorts',
      'group_members',
      'groups',
      'memberships',
      'clients',
      'users',
    ];
    for (const table of tables) await db.schema.dropTable(table).execute();
  },
};
