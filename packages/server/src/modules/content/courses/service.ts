/**
 * Course commands: create in a program, read, change, reorder, copy (with its modules, into this or another
 * program), archive and delete. Everything is checked before the one transaction that writes.
 */
import type {
  Archive,
  Course,
  CourseCopy,
  CourseCreate,
  CourseOrder,
  CoursePatch,
  Program,
} from '@larmor/contracts';
import { forbidden, invalidField, notFound } from '../../../plugins/errors.ts';
import { isoNow, newId } from '../../../db/ids.ts';
import { insertLab, labsOfCourses } from '../labs/repository.ts';
import { nextPosition, setPositions } from '../positions.ts';
import { canEdit, type ContentScope } from '../programs/access.ts';
import { presentCourse } from '../programs/presenter.ts';
import { loadEditableProgram, loadVisibleProgram, programDetail, visibleLabs } from '../programs/service.ts';
import { updateProgram, type Db } from '../programs/repository.ts';
import { checkDeletable } from '../programs/usage.ts';
import {
  coursesOf,
  deleteCourse as deleteCourseRow,
  findCourse,
  insertCourse,
  updateCourse,
  type CourseRow,
} from './repository.ts';

/** Title of a copy placed beside its original. */
export const copyTitle = (title: string): string => `${title} (copy)`;

async function loadCourse(db: Db, id: string): Promise<CourseRow> {
  const course = await findCourse(db, id);
  if (!course) throw notFound('Course');
  return course;
}

/** The course `id` when the caller may edit its program: 404 unknown, 403 otherwise. */
export async function loadEditableCourse(db: Db, scope: ContentScope, id: string): Promise<CourseRow> {
  const course = await loadCourse(db, id);
  await loadEditableProgram(db, scope, course.program_id);
  return course;
}

async function courseAnswer(db: Db, scope: ContentScope, course: CourseRow): Promise<Course> {
  const program = await loadVisibleProgram(db, scope, course.program_id);
  const labs = visibleLabs(scope, program, await labsOfCourses(db, [course.id]));
  return presentCourse(course, labs);
}

/** A course as the caller may see it; archived courses are the editors' only (404 to learners). */
export async function getCourse(db: Db, scope: ContentScope, id: string): Promise<Course> {
  const course = await loadCourse(db, id);
  const program = await loadVisibleProgram(db, scope, course.program_id);
  if (course.archived === 1 && !canEdit(scope, program)) throw notFound('Course');
  return courseAnswer(db, scope, course);
}

export async function createCourse(
  db: Db,
  scope: ContentScope,
  programId: string,
  body: CourseCreate,
): Promise<Course> {
  await loadEditableProgram(db, scope, programId);
  const now = isoNow();
  const row: CourseRow = {
    id: newId(),
    program_id: programId,
    title: body.title,
    description: body.description,
    position: await nextPosition(db, 'courses', programId),
    archived: 0,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await insertCourse(trx, row);
    await updateProgram(trx, programId, { updated_at: now });
  });
  return courseAnswer(db, scope, row);
}

export async function patchCourse(
  db: Db,
  scope: ContentScope,
  id: string,
  patch: CoursePatch,
): Promise<Course> {
  const course = await loadEditableCourse(db, scope, id);
  const set: Partial<CourseRow> = { updated_at: isoNow() };
  if (patch.title !== undefined) set.title = patch.title;
  if (patch.description !== undefined) set.description = patch.description;
  await updateCourse(db, id, set);
  return courseAnswer(db, scope, { ...course, ...set });
}

export async function archiveCourse(db: Db, scope: ContentScope, id: string, body: Archive): Promise<Course> {
  const course = await loadEditableCourse(db, scope, id);
  const set = { archived: body.archived ? (1 as const) : (0 as const), updated_at: isoNow() };
  await updateCourse(db, id, set);
  return courseAnswer(db, scope, { ...course, ...set });
}

/** Deletes a course and its modules; 409 when they are in use (usage.ts): archive it instead. */
export async function deleteCourse(db: Db, scope: ContentScope, id: string): Promise<void> {
  const course = await loadEditableCourse(db, scope, id);
  const labs = await labsOfCourses(db, [id]);
  await checkDeletable(db, { programId: course.program_id, courseIds: [id], labIds: labs.map((l) => l.id) });
  await deleteCourseRow(db, id);
}

/** The new order must name every course of the program exactly once (else 400). */
export async function reorderCourses(
  db: Db,
  scope: ContentScope,
  programId: string,
  body: CourseOrder,
): Promise<Program> {
  const program = await loadEditableProgram(db, scope, programId);
  const current = new Set((await coursesOf(db, programId)).map((c) => c.id));
  if (current.size !== body.courseIds.length || !body.courseIds.every((id) => current.has(id))) {
    throw invalidField('courseIds', 'permutation', 'Name every course of the program once');
  }
  await db.transaction().execute((trx) => setPositions(trx, 'courses', body.courseIds, isoNow()));
  return programDetail(db, scope, program);
}

/** Copies a course with its live modules to the end of `programId` (default its own program). */
export async function copyCourse(db: Db, scope: ContentScope, id: string, body: CourseCopy): Promise<Course> {
  const source = await loadCourse(db, id);
  const sourceProgram = await loadVisibleProgram(db, scope, source.program_id);
  if (!canEdit(scope, sourceProgram)) throw forbidden();
  const targetId = body.programId ?? source.program_id;
  await loadEditableProgram(db, scope, targetId);
  const now = isoNow();
  const copy: CourseRow = {
    ...source,
    id: newId(),
    program_id: targetId,
    title: targetId === source.program_id ? copyTitle(source.title) : source.title,
    position: await nextPosition(db, 'courses', targetId),
    archived: 0,
    created_at: now,
    updated_at: now,
  };
  const labs = (await labsOfCourses(db, [id])).filter((l) => l.archived === 0);
  await db.transaction().execute(async (trx) => {
    await insertCourse(trx, copy);
    let position = await nextPosition(trx, 'labs', copy.id);
    for (const { program_id: _program, ...lab } of labs) {
      await insertLab(trx, {
        ...lab,
        id: newId(),
        course_id: copy.id,
        position,
        created_at: now,
        updated_at: now,
      });
      position += 1;
    }
  });
  return courseAnswer(db, scope, copy);
}
