/**
 * Whose attempt is it (issue 19.1)? An attempt belongs to the organisation that owns the module's program; for a
 * global program, to the assigned organisation the student takes it through (none for an individual learner:
 * platform administrators review those). Its teachers and administrators read, grade and release it. The
 * identity the student happens to act in never decides: a student of A and B acting in B on A's module makes
 * A's attempt, which B's teachers do not reach.
 */
import type { Db } from '../../db/database.ts';
import { conflict } from '../../plugins/errors.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { assignedClientIdsOf, type ProgramRow } from '../content/programs/repository.ts';
import { loadProgram, staffHoldOf } from '../content/programs/service.ts';
import { findLab } from '../content/labs/repository.ts';
import type { AttemptRow } from './repository.ts';

/**
 * The organisation a new attempt of the caller on `program` belongs to. A global program: the organisation the
 * caller acts in when it is assigned the program, else the one assigned organisation the caller is a member
 * of, else none; 409 when the caller is a member of several assigned organisations and acts in none of them.
 */
export async function attemptOrganisation(
  db: Db,
  scope: ContentScope,
  program: Pick<ProgramRow, 'id' | 'client_id'>,
): Promise<string | null> {
  if (program.client_id !== null) return program.client_id;
  const assigned = new Set(await assignedClientIdsOf(db, program.id));
  if (scope.clientId !== null && assigned.has(scope.clientId)) return scope.clientId;
  const memberships = await db
    .selectFrom('memberships')
    .select('client_id')
    .where('user_id', '=', scope.userId)
    .execute();
  const through = [...new Set(memberships.map((m) => m.client_id).filter((id) => assigned.has(id)))];
  if (through.length > 1)
    throw conflict('Act in the organisation you take this program with to start an attempt');
  return through[0] ?? null;
}

/**
 * Which attempts on `program`'s modules the caller reviews as staff: `all` (platform administrators, and the
 * staff of the organisation that owns it), those of one organisation (staff of an organisation a global program
 * is assigned to), or none.
 */
export type AttemptReach = { kind: 'all' } | { kind: 'organisation'; clientId: string } | { kind: 'none' };

export async function attemptReach(
  db: Db,
  scope: ContentScope,
  program: Pick<ProgramRow, 'id' | 'client_id'>,
): Promise<AttemptReach> {
  if (scope.platformAdmin) return { kind: 'all' };
  const hold = await staffHoldOf(db, scope, program);
  if (hold === 'owner') return { kind: 'all' };
  if (hold === 'assigned' && scope.clientId !== null)
    return { kind: 'organisation', clientId: scope.clientId };
  return { kind: 'none' };
}

/** Whether the caller reviews `attempt` as staff (never their own: a student reviews nothing). */
export async function reviewsAttempt(db: Db, scope: ContentScope, attempt: AttemptRow): Promise<boolean> {
  const lab = await findLab(db, attempt.lab_id);
  if (!lab) return false;
  const reach = await attemptReach(db, scope, await loadProgram(db, lab.program_id));
  return reach.kind === 'all' || (reach.kind === 'organisation' && attempt.client_id === reach.clientId);
}

/** Whether the caller may read `attempt`: its student, or whoever reviews it. */
export async function mayReadAttempt(db: Db, scope: ContentScope, attempt: AttemptRow): Promise<boolean> {
  return attempt.user_id === scope.userId || reviewsAttempt(db, scope, attempt);
}
