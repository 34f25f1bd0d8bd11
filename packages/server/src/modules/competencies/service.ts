/**
 * The competency map (issue 24.3): for a program's teachers, which module and objective assesses which
 * competency (contracts `competencyMap`, the same builder docs/competency-map.md is generated with); for a
 * student, progress by competency from their graded attempts.
 */
import {
  COMPETENCIES,
  competencyMap,
  labCompetenciesSchema,
  OBJECTIVE_KIND_COMPETENCY,
  type CompetencyId,
  type CompetencyMap,
  type CompetencyProgress,
  type ObjectiveKind,
} from '@larmor/contracts';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { coursesOf } from '../content/courses/repository.ts';
import type { ContentScope } from '../content/programs/access.ts';
import { labJson } from '../content/programs/presenter.ts';
import {
  loadVisibleProgram,
  requireContentStaff,
  visibleLabsOfCourses,
} from '../content/programs/service.ts';

/** The competency map of the program `programId`'s live modules, for its teachers and administrators. */
export async function programCompetencyMap(
  db: Db,
  scope: ContentScope,
  programId: string,
): Promise<CompetencyMap> {
  requireContentStaff(scope);
  const program = await loadVisibleProgram(db, scope, programId);
  const courses = (await coursesOf(db, program.id)).filter((c) => c.archived === 0);
  const labs = (await visibleLabsOfCourses(db, scope, program, courses)).filter((lab) => lab.archived === 0);
  const courseTitle = new Map(courses.map((c) => [c.id, c.title]));
  const order = new Map(courses.map((c, i) => [c.id, i]));
  const sorted = [...labs].sort(
    (a, b) => (order.get(a.course_id) ?? 0) - (order.get(b.course_id) ?? 0) || a.position - b.position,
  );
  return competencyMap(
    sorted.map((lab) => {
      const json = labJson(lab);
      return {
        labId: lab.id,
        courseId: lab.course_id,
        program: program.title,
        course: courseTitle.get(lab.course_id) ?? '',
        title: lab.title,
        competencies: json.competencies,
        objectives: json.objectives,
      };
    }),
  );
}

/** A stored check: only what progress reads (grades stored before issue 24 keep their shape). */
const storedChecksSchema = z.array(z.object({ kind: z.string(), passed: z.boolean() }).passthrough());

const kindCompetency = (kind: string): CompetencyId | undefined =>
  Object.hasOwn(OBJECTIVE_KIND_COMPETENCY, kind)
    ? OBJECTIVE_KIND_COMPETENCY[kind as ObjectiveKind]
    : undefined;

/**
 * The caller's progress by competency: the latest graded attempt of each module they submitted; each of its
 * checks counts for the competency its kind assesses and for each competency the module names.
 */
export async function myCompetencyProgress(db: Db, userId: string): Promise<CompetencyProgress> {
  const rows = await db
    .selectFrom('lab_attempts')
    .innerJoin('attempt_grades', 'attempt_grades.attempt_id', 'lab_attempts.id')
    .innerJoin('labs', 'labs.id', 'lab_attempts.lab_id')
    .select(['lab_attempts.lab_id', 'lab_attempts.number', 'attempt_grades.checks', 'labs.competencies'])
    .where('lab_attempts.user_id', '=', userId)
    .orderBy('lab_attempts.lab_id')
    .orderBy('lab_attempts.number', 'desc')
    .execute();
  const tally = new Map(
    COMPETENCIES.map((c) => [c.id, { modules: new Set<string>(), checks: 0, passed: 0 }]),
  );
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.lab_id)) continue;
    seen.add(row.lab_id);
    const named = labCompetenciesSchema.catch([]).parse(JSON.parse(row.competencies));
    for (const check of storedChecksSchema.catch([]).parse(JSON.parse(row.checks))) {
      const ids = new Set<CompetencyId>(named);
      const byKind = kindCompetency(check.kind);
      if (byKind) ids.add(byKind);
      for (const id of ids) {
        const t = tally.get(id);
        if (!t) continue;
        t.modules.add(row.lab_id);
        t.checks += 1;
        if (check.passed) t.passed += 1;
      }
    }
  }
  return {
    competencies: COMPETENCIES.map((c) => {
      const t = tally.get(c.id);
      return {
        id: c.id,
        title: c.title,
        modules: t?.modules.size ?? 0,
        checks: t?.checks ?? 0,
        passed: t?.passed ?? 0,
      };
    }),
  };
}
