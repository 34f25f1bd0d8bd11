/**
 * Issue 24.3: a module names the competencies it assesses (contracts `labCompetenciesSchema`, JSON text), for the
 * competency map. Modules stored before name none: an empty list.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const labCompetenciesMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('labs')
      .addColumn('competencies', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('labs').dropColumn('competencies').execute();
  },
};
