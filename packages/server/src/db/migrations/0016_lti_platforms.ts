/**
 * Issue 27.1: the LTI 1.3 platforms an organisation registers (unique by issuer and client id across every
 * organisation: a launch finds its platform by `iss` and `aud`; `frame_origins` a JSON array of the origins that show
 * Larmor in a frame), and each organisation's signing keys (RS256 JWKs as
 * JSON text; a rotation retires the signing key and adds a new one).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const ltiPlatformsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('lti_platforms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('oauth_client_id', 'text', (c) => c.notNull())
      .addColumn('deployment_ids', 'text', (c) => c.notNull())
      .addColumn('jwks_url', 'text', (c) => c.notNull())
      .addColumn('auth_url', 'text', (c) => c.notNull())
      .addColumn('token_url', 'text', (c) => c.notNull())
      .addColumn('frame_origins', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('lti_platforms_issuer_client', ['issuer', 'oauth_client_id'])
      .execute();
    await db.schema.createIndex('lti_platforms_client').on('lti_platforms').column('client_id').execute();
    await db.schema
      .createTable('lti_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('retired_at', 'text')
      .execute();
    await db.schema.createIndex('lti_keys_client').on('lti_keys').column('client_id').execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('lti_keys').execute();
    await db.schema.dropTable('lti_platforms').execute();
  },
};
