/**
 * Module attempts and grading (issue 14): scan results (a finished scan a student keeps, with a copy of its
 * immutable snapshot and images), attempts with their state and answers, the scan results each submission
 * carries, grades (automatic checks, rubric, comments, drawn feedback) and the audit log of score overrides.
 * Portable column types only (text, integer, double precision); JSON values are text.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

export const attemptsMigration: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.schema
      .createTable('scan_results')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('lab_id', 'text', (c) => c.notNull().references('labs.id').onDelete('cascade'))
      .addColumn('scan_id', 'text', (c) => c.references('sim_scans.id').onDelete('set null'))
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('scan_results_scan', ['scan_id'])
      .execute();
    await db.schema
      .createIndex('scan_results_user')
      .on('scan_results')
      .columns(['user_id', 'lab_id'])
      .execute();

    await db.schema
      .createTable('lab_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('lab_id', 'text', (c) => c.notNull().references('labs.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('set null'))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('released_at', 'text')
      .addColumn('regrade_reason', 'text')
      .addColumn('regrade_requested_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('lab_attempts_number', ['lab_id', 'user_id', 'number'])
      .execute();
    await db.schema
      .createIndex('lab_attempts_client')
      .on('lab_attempts')
      .columns(['client_id', 'lab_id'])
      .execute();

    await db.schema
      .createTable('attempt_scan_results')
      .addColumn('attempt_id', 'text', (c) => c.notNull().references('lab_attempts.id').onDelete('cascade'))
      .addColumn('scan_result_id', 'text', (c) =>
        c.notNull().references('scan_results.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('attempt_scan_results_pk', ['attempt_id', 'scan_result_id'])
      .execute();

    await db.schema
      .createTable('attempt_grades')
      .addColumn('attempt_id', 'text', (c) =>
        c.primaryKey().references('lab_attempts.id').onDelete('cascade'),
      )
      .addColumn('checks', 'text', (c) => c.notNull())
      .addColumn('criteria', 'text', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('annotations', 'text', (c) => c.notNull())
      .addColumn('score', 'double precision', (c) => c.notNull())
      .addColumn('max_score', 'double precision', (c) => c.notNull())
      .addColumn('graded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('graded_at', 'text')
      .execute();

    await db.schema
      .createTable('grade_overrides')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('attempt_id', 'text', (c) => c.notNull().references('lab_attempts.id').onDelete('cascade'))
      .addColumn('criterion_id', 'text', (c) => c.notNull())
      .addColumn('from_points', 'double precision')
      .addColumn('to_points', 'double precision', (c) => c.notNull())
      .addColumn('by_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grade_overrides_attempt')
      .on('grade_overrides')
      .column('attempt_id')
      .execute();
  },

  async down(db: AnyDb): Promise<void> {
    for (const table of [
      'grade_overrides',
      'attempt_grades',
      'attempt_scan_results',
      'lab_attempts',
      'scan_results',
    ])
      await db.schema.dropTable(table).execute();
  },
};
