/**
 * Issue 20.4: a module's author sets where a new pulse sequence starts (contracts `startingProtocolsSchema`,
 * JSON text), so a module no longer opens on the protocol that solves it. Modules stored before start from
 * their sequence types' defaults, as they did: an empty list.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const labStartingProtocolsMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('labs')
      .addColumn('starting_protocols', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('labs').dropColumn('starting_protocols').execute();
  },
};
