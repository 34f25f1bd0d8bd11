/**
 * Who may see a module's reference scan (issue 21.2). Its staff (teachers and administrators of an organisation
 * holding the module's program) and platform administrators mark it and see it at any time. A learner sees it
 * only once they have submitted: the reference (GET v1/modules/{labId}/reference) after submitting an attempt
 * of the module, the comparison of a scan result of their own with it only for a scan result they submitted
 * (a submitted scan cannot be tuned any more). Before that, 403: nothing of the reference (its id, its
 * protocol through the differing parameters, whether there is one) reaches them.
 */
import type { Db } from '../../db/database.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { ContentScope } from '../content/programs/access.ts';
import type { ProgramRow } from '../content/programs/repository.ts';
import { staffHoldOf } from '../content/programs/service.ts';

/** The message of the 403 a learner gets before submitting. */
export const SUBMIT_FIRST = 'Submit your attempt first: the reference scan is shown once you have submitted';

/** Whether the caller marks the module's references: its organisation's staff, or a platform administrator. */
export async function marksReferences(
  db: Db,
  scope: ContentScope,
  program: Pick<ProgramRow, 'id' | 'client_id'>,
): Promise<boolean> {
  if (scope.platformAdmin) return true;
  return scope.clientId !== null && (await staffHoldOf(db, scope, program)) !== null;
}

/** Whether `userId` has an attempt of the module past `inProgress` (submitted, in marking, graded, …). */
async function hasSubmittedAttempt(db: Db, userId: string, labId: string): Promise<boolean> {
  const row = await db
    .selectFrom('lab_attempts')
    .select('id')
    .where('lab_id', '=', labId)
    .where('user_id', '=', userId)
    .where('state', '!=', 'inProgress')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `userId` submitted scan result `scanResultId` in an attempt of theirs. */
async function submittedScanResult(db: Db, userId: string, scanResultId: string): Promise<boolean> {
  const row = await db
    .selectFrom('attempt_scan_results')
    .innerJoin('lab_attempts', 'lab_attempts.id', 'attempt_scan_results.attempt_id')
    .select('lab_attempts.id')
    .where('attempt_scan_results.scan_result_id', '=', scanResultId)
    .where('lab_attempts.user_id', '=', userId)
    .where('lab_attempts.state', '!=', 'inProgress')
    .executeTakeFirst();
  return row !== undefined;
}

/** GET v1/modules/{labId}/reference: the module's staff, or a learner who submitted an attempt of it; else 403. */
export async function requireReferenceReader(
  db: Db,
  scope: ContentScope,
  program: Pick<ProgramRow, 'id' | 'client_id'>,
  labId: string,
): Promise<{ canMark: boolean }> {
  if (await marksReferences(db, scope, program)) return { canMark: true };
  if (await hasSubmittedAttempt(db, scope.userId, labId)) return { canMark: false };
  throw forbidden(SUBMIT_FIRST);
}

/**
 * The comparison of a scan result the caller reads (service.ts `readableScanResult`) with the reference: the
 * staff who read a student's result, and the module's staff, always; its owner otherwise only once submitted.
 */
export async function requireComparisonReader(
  db: Db,
  scope: ContentScope,
  program: Pick<ProgramRow, 'id' | 'client_id'>,
  result: { id: string; user_id: string },
): Promise<void> {
  if (result.user_id !== scope.userId) return;
  if (await marksReferences(db, scope, program)) return;
  if (await submittedScanResult(db, scope.userId, result.id)) return;
  throw forbidden(SUBMIT_FIRST);
}
