/**
 * GET v1/catalog: the published programs the caller may see as a learner (access.ts), with enrolment state and
 * progress: modules in the program (on the free plan, those within it), modules completed, the module opened
 * last ("continue where you left off") and the next due date.
 */
import type { CatalogItem, CatalogResponse, ProgramProgress } from '@larmor/contracts';
import { isoNow } from '../../db/ids.ts';
import { lastVisits, liveLabsOfPrograms, type LabRecord } from '../content/labs/repository.ts';
import { canSee, canSelfEnroll, freeOnly, type ContentScope } from '../content/programs/access.ts';
import { isFreeLab, presentProgramSummary } from '../content/programs/presenter.ts';
import { completedLabIds } from '../content/programs/progress.ts';
import { catalogueCandidates, relationsOf, type Db } from '../content/programs/repository.ts';

function progressOf(
  labs: readonly LabRecord[],
  completed: ReadonlySet<string>,
  lastLab: ProgramProgress['lastLab'],
  now: string,
): ProgramProgress {
  const done = labs.filter((l) => completed.has(l.id)).length;
  const due = labs
    .filter((l) => !completed.has(l.id) && l.due_at !== null && l.due_at >= now)
    .map((l) => l.due_at as string)
    .sort();
  return {
    modulesTotal: labs.length,
    modulesCompleted: done,
    percent: labs.length === 0 ? 0 : Math.round((100 * done) / labs.length),
    lastLab,
    nextDueAt: due[0] ?? null,
  };
}

export async function catalog(db: Db, scope: ContentScope): Promise<CatalogResponse> {
  const candidates = await catalogueCandidates(db, scope);
  const relations = await relationsOf(
    db,
    scope,
    candidates.map((p) => p.id),
  );
  const noRelation = { assignedToCaller: false, enrolled: false };
  const programs = candidates.filter((p) => canSee(scope, p, relations.get(p.id) ?? noRelation));
  const ids = programs.map((p) => p.id);
  const labs = (await liveLabsOfPrograms(db, ids)).filter((l) => !freeOnly(scope) || isFreeLab(l));
  const completed = await completedLabIds(
    db,
    scope.userId,
    labs.map((l) => l.id),
  );
  const visits = await lastVisits(db, scope.userId, ids);
  const enrolments =
    ids.length === 0
      ? []
      : await db
          .selectFrom('enrollments')
          .select(['program_id', 'created_at'])
          .where('user_id', '=', scope.userId)
          .where('program_id', 'in', ids)
          .execute();
  const now = isoNow();
  const items: CatalogItem[] = programs.map((program) => {
    const relation = relations.get(program.id) ?? noRelation;
    const own = labs.filter((l) => l.program_id === program.id);
    const visit = visits.find((v) => v.program_id === program.id);
    const lastLab = visit
      ? { id: visit.lab_id, courseId: visit.course_id, title: visit.title, openedAt: visit.opened_at }
      : null;
    return {
      program: { ...presentProgramSummary(program, scope), moduleCount: own.length },
      enrolled: relation.enrolled,
      enrolledAt: enrolments.find((e) => e.program_id === program.id)?.created_at ?? null,
      canEnroll: canSelfEnroll(scope, program, relation),
      enrollment: program.enrollment,
      progress: progressOf(own, completed, lastLab, now),
    };
  });
  items.sort(
    (a, b) => Number(b.enrolled) - Number(a.enrolled) || a.program.title.localeCompare(b.program.title),
  );
  return { items, freePlan: freeOnly(scope) };
}
