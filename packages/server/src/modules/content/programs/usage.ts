/**
 * Whether learning content is in use, so deleting it would lose students' work: the call answers 409 and the
 * editor archives instead. Each check looks at one kind of use; the attempts issue adds a check for modules
 * with attempts to `CONTENT_USAGE_CHECKS` (one line), and every delete call picks it up.
 */
import type { Db } from '../../../db/database.ts';
import { conflict } from '../../../plugins/errors.ts';
import { anyAttemptOn } from '../../attempts/repository.ts';

/** What a delete removes: a whole program, or some of its courses or modules. */
export interface ContentTarget {
  programId: string;
  /** The courses removed (all of the program's when deleting the program). */
  courseIds: readonly string[];
  /** The modules removed (with those of the removed courses). */
  labIds: readonly string[];
}

/** Answers why `target` may not be deleted, or null when this check sees no use of it. */
export type UsageCheck = (db: Db, target: ContentTarget) => Promise<string | null>;

/** Students are enrolled in a program that has been opened to them (published or archived, not a draft). */
const enrolledStudents: UsageCheck = async (db, target) => {
  const program = await db
    .selectFrom('programs')
    .select('status')
    .where('id', '=', target.programId)
    .executeTakeFirst();
  if (!program || program.status === 'draft') return null;
  const enrolled = await db
    .selectFrom('enrollments')
    .select('user_id')
    .where('program_id', '=', target.programId)
    .limit(1)
    .executeTakeFirst();
  return enrolled ? 'Students are enrolled in this program: archive it instead of deleting it' : null;
};

/** Students have attempts on the modules (issue 14): their submissions and grades would be lost. */
const moduleAttempts: UsageCheck = async (db, target) =>
  (await anyAttemptOn(db, target.labIds))
    ? 'Students have attempts on this content: archive it instead of deleting it'
    : null;

export const CONTENT_USAGE_CHECKS: UsageCheck[] = [enrolledStudents, moduleAttempts];

/** Throws 409 (archive instead) when any check finds `target` in use. */
export async function checkDeletable(db: Db, target: ContentTarget): Promise<void> {
  for (const check of CONTENT_USAGE_CHECKS) {
    const reason = await check(db, target);
    if (reason !== null) throw conflict(reason);
  }
}
