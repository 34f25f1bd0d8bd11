/**
 * Issue 27.4, grade return when automatic feedback is final: a module may say that a submission's automatic grade
 * is released at once (to the student, and to the learning platform's line item), without waiting for a teacher.
 * Off (0) for every module so far.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const labReleaseAutomaticGradeMigration: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('labs')
      .addColumn('release_automatic_grade', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('labs').dropColumn('release_automatic_grade').execute();
  },
};
