/** SQL of attempts, their submitted scan results, grades and the override audit log. */
import type { Db } from '../../db/database.ts';
import type { AttemptGradesTable, GradeOverridesTable, LabAttemptsTable } from '../../db/schema.ts';

export type AttemptRow = LabAttemptsTable;
export type GradeRow = AttemptGradesTable;
export type OverrideRow = GradeOverridesTable;

export async function findAttempt(db: Db, id: string): Promise<AttemptRow | undefined> {
  return db.selectFrom('lab_attempts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The attempts of `userId` on `labId`, oldest first. */
export async function attemptsOf(db: Db, userId: string, labId: string): Promise<AttemptRow[]> {
  return db
    .selectFrom('lab_attempts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('lab_id', '=', labId)
    .orderBy('number')
    .execute();
}

export async function insertAttempt(db: Db, row: AttemptRow): Promise<void> {
  await db.insertInto('lab_attempts').values(row).execute();
}

/** Moves an attempt from one state to another; false when it was no longer in `from` (a racing call won). */
export async function moveAttempt(
  db: Db,
  id: string,
  from: readonly string[],
  changes: Partial<AttemptRow>,
): Promise<boolean> {
  const result = await db
    .updateTable('lab_attempts')
    .set(changes)
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function submittedScanResultIds(db: Db, attemptId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('attempt_scan_results')
    .select('scan_result_id')
    .where('attempt_id', '=', attemptId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.scan_result_id);
}

export async function insertSubmittedScanResults(db: Db, attemptId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .insertInto('attempt_scan_results')
    .values(ids.map((id, position) => ({ attempt_id: attemptId, scan_result_id: id, position })))
    .execute();
}

export async function findGrade(db: Db, attemptId: string): Promise<GradeRow | undefined> {
  return db.selectFrom('attempt_grades').selectAll().where('attempt_id', '=', attemptId).executeTakeFirst();
}

export async function insertGrade(db: Db, row: GradeRow): Promise<void> {
  await db.insertInto('attempt_grades').values(row).execute();
}

export async function updateGrade(db: Db, attemptId: string, changes: Partial<GradeRow>): Promise<void> {
  await db.updateTable('attempt_grades').set(changes).where('attempt_id', '=', attemptId).execute();
}

export async function overridesOf(db: Db, attemptId: string): Promise<OverrideRow[]> {
  return db
    .selectFrom('grade_overrides')
    .selectAll()
    .where('attempt_id', '=', attemptId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export async function insertOverrides(db: Db, rows: readonly OverrideRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('grade_overrides')
      .values([...rows])
      .execute();
}

/** Releases every graded attempt of a module (of one organisation's students, or all); answers their ids. */
export async function releaseGradedOfLab(
  db: Db,
  labId: string,
  clientId: string | null,
  now: string,
): Promise<string[]> {
  let query = db
    .updateTable('lab_attempts')
    .set({ state: 'released', released_at: now, updated_at: now })
    .where('lab_id', '=', labId)
    .where('state', '=', 'graded');
  if (clientId !== null) query = query.where('client_id', '=', clientId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Whether any of `labIds` has an attempt (deleting it would lose students' work). */
export async function anyAttemptOn(db: Db, labIds: readonly string[]): Promise<boolean> {
  if (labIds.length === 0) return false;
  const row = await db
    .selectFrom('lab_attempts')
    .select('id')
    .where('lab_id', 'in', labIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Attempts `userId` has started on `labId`. */
export async function countAttempts(db: Db, userId: string, labId: string): Promise<number> {
  const row = await db
    .selectFrom('lab_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The modules of `labIds` on which `userId` has submitted an attempt. */
export async function labsWithSubmission(
  db: Db,
  userId: string,
  labIds: readonly string[],
): Promise<Set<string>> {
  if (labIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('lab_attempts')
    .select('lab_id')
    .distinct()
    .where('user_id', '=', userId)
    .where('lab_id', 'in', labIds)
    .where('state', '!=', 'inProgress')
    .execute();
  return new Set(rows.map((r) => r.lab_id));
}

/** Attempts on a module, newest first: every one, one organisation's students', or one student's. */
export async function attemptsOfLab(
  db: Db,
  labId: string,
  filter: { clientId?: string; userId?: string },
): Promise<AttemptRow[]> {
  let query = db.selectFrom('lab_attempts').selectAll().where('lab_id', '=', labId);
  if (filter.clientId !== undefined) query = query.where('client_id', '=', filter.clientId);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  return query.orderBy('started_at', 'desc').orderBy('number', 'desc').execute();
}

/** Grades and submitted scan results of many attempts (two queries). */
export async function gradesAndResultsOf(db: Db, attemptIds: readonly string[]) {
  const grades = new Map<string, GradeRow>();
  const results = new Map<string, string[]>();
  if (attemptIds.length === 0) return { grades, results };
  for (const g of await db
    .selectFrom('attempt_grades')
    .selectAll()
    .where('attempt_id', 'in', attemptIds)
    .execute())
    grades.set(g.attempt_id, g);
  const links = await db
    .selectFrom('attempt_scan_results')
    .selectAll()
    .where('attempt_id', 'in', attemptIds)
    .orderBy('position')
    .execute();
  for (const l of links) results.set(l.attempt_id, [...(results.get(l.attempt_id) ?? []), l.scan_result_id]);
  return { grades, results };
}
