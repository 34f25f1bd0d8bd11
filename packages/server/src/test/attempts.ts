/**
 * Attempt rows written straight to the database, for tests that arrange attempts in states the API reaches only
 * through many calls (graded, released, late). Each takes the columns a test cares about; the rest get the
 * values of a fresh attempt: no answers, not late, never released, no regrade asked, no comment or annotation.
 * Scan results kept for them are written the same way, empty.
 */
import type { Kysely } from 'kysely';
import { isoNow, newId } from '../db/ids.ts';
import type { AttemptGradesTable, Database, LabAttemptsTable } from '../db/schema.ts';

type Defaulted<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** Inserts a lab_attempts row. */
export async function insertAttemptRow(
  db: Kysely<Database>,
  row: Defaulted<
    LabAttemptsTable,
    'answers' | 'late' | 'released_at' | 'regrade_reason' | 'regrade_requested_at'
  >,
): Promise<void> {
  await db
    .insertInto('lab_attempts')
    .values({
      answers: '{}',
      late: 0,
      released_at: null,
      regrade_reason: null,
      regrade_requested_at: null,
      ...row,
    })
    .execute();
}

/** Inserts an attempt_grades row. */
export async function insertGradeRow(
  db: Kysely<Database>,
  row: Defaulted<
    AttemptGradesTable,
    'checks' | 'criteria' | 'comment' | 'annotations' | 'graded_by' | 'graded_at'
  >,
): Promise<void> {
  await db
    .insertInto('attempt_grades')
    .values({
      checks: '[]',
      criteria: '[]',
      comment: '',
      annotations: '[]',
      graded_by: null,
      graded_at: null,
      ...row,
    })
    .execute();
}

/** Inserts a kept scan result of `userId` in module `labId`, of no scan, with an empty snapshot and result; answers its id. */
export async function insertScanResultRow(
  db: Kysely<Database>,
  userId: string,
  labId: string,
  createdAt: string = isoNow(),
): Promise<string> {
  const id = newId();
  await db
    .insertInto('scan_results')
    .values({
      id,
      user_id: userId,
      lab_id: labId,
      scan_id: null,
      snapshot: '{}',
      result: '{}',
      created_at: createdAt,
    })
    .execute();
  return id;
}
