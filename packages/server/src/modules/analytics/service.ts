/**
 * The analytics calls (issue 14). Who reaches them: teachers and administrators acting in an organisation, for
 * that organisation's students only; students, individual access and other organisations' staff get 403, and
 * a course, module or cohort outside the caller's organisation is 404. In the production environment the calls
 * do not exist (404), as the page is not offered there (platform-shell.md §2, §6).
 */
import {
  labObjectivesSchema,
  type AnalyticsOptions,
  type AnalyticsQuery,
  type CourseAnalytics,
  type ModuleAnalytics,
} from '@larmor/contracts';
import type { DatabaseKind, Db } from '../../db/database.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { isOrganisationStaff, type ContentScope } from '../content/programs/access.ts';
import {
  cohortsOfOrganisation,
  countStudents,
  courseOfOrganisation,
  coursesOfOrganisation,
  isCohortOf,
  labOfOrganisation,
  labsOfCourses,
  newestAttemptStates,
  newestSubmittedChecks,
  sessionTimes,
  type Population,
} from './repository.ts';
import { parseChecks, progressOf, talliesOf, timeOnTaskOf, type ObjectiveInfo } from './tally.ts';

/** The organisation whose analytics the caller may read (403 otherwise). */
function organisationOf(scope: ContentScope): string {
  if (!isOrganisationStaff(scope) || scope.clientId === null) throw forbidden();
  return scope.clientId;
}

/** The cohort filter, checked to be one of the organisation's cohorts (404 otherwise). */
async function cohortFilter(db: Db, clientId: string, query: AnalyticsQuery): Promise<string | null> {
  if (query.cohortId === undefined) return null;
  if (!(await isCohortOf(db, query.cohortId, clientId))) throw notFound('Cohort');
  return query.cohortId;
}

export async function analyticsOptions(db: Db, scope: ContentScope): Promise<AnalyticsOptions> {
  const clientId = organisationOf(scope);
  const courses = await coursesOfOrganisation(db, clientId);
  const labs = await labsOfCourses(
    db,
    courses.map((c) => c.id),
  );
  return {
    courses: courses.map((c) => ({
      id: c.id,
      title: c.title,
      programId: c.program_id,
      programTitle: c.program_title,
      modules: labs.filter((l) => l.course_id === c.id).map((l) => ({ id: l.id, title: l.title })),
    })),
    cohorts: await cohortsOfOrganisation(db, clientId),
  };
}

export async function courseAnalytics(
  db: Db,
  kind: DatabaseKind,
  scope: ContentScope,
  courseId: string,
  query: AnalyticsQuery,
): Promise<CourseAnalytics> {
  const clientId = organisationOf(scope);
  const course = await courseOfOrganisation(db, courseId, clientId);
  if (!course) throw notFound('Course');
  const cohortId = await cohortFilter(db, clientId, query);
  const population: Population = { clientId, programId: course.program_id, cohortId };
  const labs = await labsOfCourses(db, [courseId]);
  const labIds = labs.map((l) => l.id);
  const students = await countStudents(db, population);
  const states = await newestAttemptStates(db, labIds, population);
  const times = await sessionTimes(db, kind, labIds, population);
  return {
    courseId,
    title: course.title,
    cohortId,
    modules: labs.map((lab) => ({
      labId: lab.id,
      title: lab.title,
      progress: progressOf(
        students,
        states.filter((s) => s.labId === lab.id),
      ),
      timeOnTask: timeOnTaskOf(times.filter((t) => t.labId === lab.id)),
    })),
  };
}

export async function moduleAnalytics(
  db: Db,
  kind: DatabaseKind,
  scope: ContentScope,
  labId: string,
  query: AnalyticsQuery,
): Promise<ModuleAnalytics> {
  const clientId = organisationOf(scope);
  const lab = await labOfOrganisation(db, labId, clientId);
  if (!lab) throw notFound('Module');
  const cohortId = await cohortFilter(db, clientId, query);
  const population: Population = { clientId, programId: lab.program_id, cohortId };
  const objectives: ObjectiveInfo[] = labObjectivesSchema
    .parse(JSON.parse(lab.objectives))
    .map((o) => ({ id: o.id, kind: o.kind, title: o.title ?? o.id }));
  const submissions = parseChecks(await newestSubmittedChecks(db, labId, population));
  return {
    labId,
    title: lab.title,
    courseId: lab.course_id,
    cohortId,
    progress: progressOf(
      await countStudents(db, population),
      await newestAttemptStates(db, [labId], population),
    ),
    timeOnTask: timeOnTaskOf(await sessionTimes(db, kind, [labId], population)),
    ...talliesOf(objectives, submissions),
  };
}
