/**
 * Issue 27.6, OpenID Connect single sign-on: each organisation's identity providers (the client secret stored for
 * the code exchange, never answered), the state, nonce and PKCE verifier of each sign-in started (single use,
 * short-lived), and the Larmor account of each provider user, found by the provider and its `sub` (never by e-mail).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const ssoProvidersMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('sso_providers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('oauth_client_id', 'text', (c) => c.notNull())
      .addColumn('client_secret', 'text', (c) => c.notNull())
      .addColumn('email_domain', 'text')
      .addColumn('default_role', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sso_providers_client').on('sso_providers').column('client_id').execute();
    await db.schema
      .createTable('sso_states')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('provider_id', 'text', (c) => c.notNull().references('sso_providers.id').onDelete('cascade'))
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sso_states_expiry').on('sso_states').column('expires_at').execute();
    await db.schema
      .createTable('sso_accounts')
      .addColumn('provider_id', 'text', (c) => c.notNull().references('sso_providers.id').onDelete('cascade'))
      .addColumn('sub', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sso_accounts_pk', ['provider_id', 'sub'])
      .execute();
    await db.schema.createIndex('sso_accounts_user').on('sso_accounts').column('user_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('sso_accounts').execute();
    await db.schema.dropTable('sso_states').execute();
    await db.schema.dropTable('sso_providers').execute();
  },
};
