/**
 * The seam where module attempts (issue 14) meet learning content: how many attempts a learner has used on a
 * module, and which modules they have completed (an attempt submitted); the module page (attempts left) and
 * the catalogue (progress) follow. Answered from the attempts tables (attempts/repository.ts).
 */
import type { Db } from '../../../db/database.ts';
import { countAttempts, labsWithSubmission } from '../../attempts/repository.ts';

/** Attempts `userId` has started on `labId`. */
export async function attemptsUsed(db: Db, userId: string, labId: string): Promise<number> {
  return countAttempts(db, userId, labId);
}

/** The modules of `labIds` that `userId` has completed (an attempt submitted). */
export async function completedLabIds(
  db: Db,
  userId: string,
  labIds: readonly string[],
): Promise<Set<string>> {
  return labsWithSubmission(db, userId, labIds);
}
