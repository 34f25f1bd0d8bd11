/**
 * Module (lab) commands: create in a course, read (a learner's read records "opened last"), change, reorder,
 * copy, archive and delete, and the pickers of the module form. Checked first, then written in one go.
 */
import {
  SEQUENCE_TYPES,
  type Archive,
  type Course,
  type Lab,
  type LabCopy,
  type LabCreate,
  type LabOrder,
  type LabPatch,
  type ModuleOptions,
} from '@larmor/contracts';
import { FREE_PLAN_LIMITS } from '@larmor/mri/sequence';
import { forbidden, invalidField, notFound } from '../../../plugins/errors.ts';
import { isoNow, newId } from '../../../db/ids.ts';
import { copyTitle, getCourse, loadEditableCourse } from '../courses/service.ts';
import { findCourse, updateCourse } from '../courses/repository.ts';
import { canEdit, freeOnly, type ContentScope } from '../programs/access.ts';
import { isFreeLab, labJson, presentLab } from '../programs/presenter.ts';
import { attemptsUsed } from '../programs/progress.ts';
import type { Db } from '../programs/repository.ts';
import { loadProgram, loadVisibleProgram, staffHoldOf } from '../programs/service.ts';
import { checkDeletable } from '../programs/usage.ts';
import { anatomicalModelCatalogue } from './model-catalogue.ts';
import { checkLabContent } from './plan.ts';
import {
  deleteLab as deleteLabRow,
  findLab,
  insertLab,
  labsOfCourses,
  recordVisit,
  updateLab,
  type LabRecord,
  type LabRow,
} from './repository.ts';
import { nextPosition, setPositions } from '../positions.ts';

/** The pickers of the module form: the engine's models and the sequence types, with what the free plan has. */
export function moduleOptions(): ModuleOptions {
  const families = FREE_PLAN_LIMITS.families as readonly string[];
  return {
    anatomicalModels: [...anatomicalModelCatalogue()],
    sequenceTypes: SEQUENCE_TYPES.map((t) => ({ ...t, free: families.includes(t.family) })),
  };
}

async function loadLab(db: Db, id: string): Promise<LabRecord> {
  const lab = await findLab(db, id);
  if (!lab) throw notFound('Module');
  return lab;
}

async function loadEditableLab(db: Db, scope: ContentScope, id: string): Promise<LabRecord> {
  const lab = await loadLab(db, id);
  await loadEditableCourse(db, scope, lab.course_id);
  return lab;
}

/**
 * Whether a learner may work on `lab` of a program they see (its page, an attempt): 404 when the module or its
 * course is archived, 403 on the free plan for a module beyond it (platform-shell.md §9).
 */
export async function checkOpenToLearner(db: Db, scope: ContentScope, lab: LabRecord): Promise<void> {
  const course = await findCourse(db, lab.course_id);
  if (lab.archived === 1 || course?.archived === 1) throw notFound('Module');
  if (freeOnly(scope) && !isFreeLab(lab)) throw forbidden('This module is not part of the free plan');
}

/**
 * A module as the caller may see it. Learners: 404 for an archived module or course, 403 on the free plan for
 * a module beyond it; their read records the module as the one they opened last. Attempts used come from
 * programs/progress.ts.
 */
export async function getLab(db: Db, scope: ContentScope, id: string): Promise<Lab> {
  const lab = await loadLab(db, id);
  const program = await loadVisibleProgram(db, scope, lab.program_id);
  if (canEdit(scope, program)) return presentLab(lab, null);
  await checkOpenToLearner(db, scope, lab);
  await recordVisit(db, lab.id, scope.userId, isoNow());
  return presentLab(lab, await attemptsUsed(db, scope.userId, lab.id));
}

/** The row of a new module from its (validated) body. */
export function newLabRow(body: LabCreate, courseId: string, position: number, now: string): LabRow {
  return {
    id: newId(),
    course_id: courseId,
    title: body.title,
    instructions: body.instructions,
    anatomical_model_id: body.anatomicalModelId,
    backend: body.backend,
    sequence_types: JSON.stringify(body.sequenceTypes),
    presets: JSON.stringify(body.presets),
    locked_presets: JSON.stringify(body.lockedPresets),
    tissue_overrides: JSON.stringify(body.tissueOverrides),
    starting_protocols: JSON.stringify(body.startingProtocols),
    objectives: JSON.stringify(body.objectives),
    competencies: JSON.stringify(body.competencies),
    estimated_duration_min: body.estimatedDurationMin,
    attempts_allowed: body.attemptsAllowed,
    available_from: body.availableFrom,
    due_at: body.dueAt,
    release_automatic_grade: body.releaseAutomaticGrade ? 1 : 0,
    position,
    archived: 0,
    created_at: now,
    updated_at: now,
  };
}

export async function createLab(
  db: Db,
  scope: ContentScope,
  courseId: string,
  body: LabCreate,
): Promise<Lab> {
  const course = await loadEditableCourse(db, scope, courseId);
  checkLabContent(body);
  const now = isoNow();
  const row = newLabRow(body, courseId, await nextPosition(db, 'labs', courseId), now);
  await db.transaction().execute(async (trx) => {
    await insertLab(trx, row);
    await updateCourse(trx, courseId, { updated_at: now });
  });
  return presentLab({ ...row, program_id: course.program_id }, null);
}

/** Changes a module; the result is checked whole (a new model must fit the stored overrides, and so on). */
export async function patchLab(db: Db, scope: ContentScope, id: string, patch: LabPatch): Promise<Lab> {
  const lab = await loadEditableLab(db, scope, id);
  const stored = labJson(lab);
  const merged = {
    anatomicalModelId: patch.anatomicalModelId ?? lab.anatomical_model_id,
    sequenceTypes: patch.sequenceTypes ?? stored.sequenceTypes,
    presets: patch.presets ?? stored.presets,
    lockedPresets: patch.lockedPresets ?? stored.lockedPresets,
    tissueOverrides: patch.tissueOverrides ?? stored.tissueOverrides,
    startingProtocols: patch.startingProtocols ?? stored.startingProtocols,
    objectives: patch.objectives ?? stored.objectives,
  };
  checkLabContent(merged);
  const unlockable = merged.lockedPresets.find((name) => !Object.hasOwn(merged.presets, name));
  if (unlockable !== undefined) {
    throw invalidField('lockedPresets', 'preset_required', `The locked preset ${unlockable} needs a value`);
  }
  const availableFrom = patch.availableFrom === undefined ? lab.available_from : patch.availableFrom;
  const dueAt = patch.dueAt === undefined ? lab.due_at : patch.dueAt;
  if (availableFrom && dueAt && Date.parse(dueAt) <= Date.parse(availableFrom)) {
    throw invalidField('dueAt', 'after', 'Due before available');
  }
  const set: Partial<LabRow> = {
    title: patch.title ?? lab.title,
    instructions: patch.instructions ?? lab.instructions,
    anatomical_model_id: merged.anatomicalModelId,
    backend: patch.backend ?? lab.backend,
    sequence_types: JSON.stringify(merged.sequenceTypes),
    presets: JSON.stringify(merged.presets),
    locked_presets: JSON.stringify(merged.lockedPresets),
    tissue_overrides: JSON.stringify(merged.tissueOverrides),
    starting_protocols: JSON.stringify(merged.startingProtocols),
    objectives: JSON.stringify(merged.objectives),
    competencies: JSON.stringify(patch.competencies ?? stored.competencies),
    estimated_duration_min:
      patch.estimatedDurationMin === undefined ? lab.estimated_duration_min : patch.estimatedDurationMin,
    attempts_allowed: patch.attemptsAllowed === undefined ? lab.attempts_allowed : patch.attemptsAllowed,
    available_from: availableFrom,
    due_at: dueAt,
    release_automatic_grade:
      patch.releaseAutomaticGrade === undefined
        ? lab.release_automatic_grade
        : patch.releaseAutomaticGrade
          ? 1
          : 0,
    updated_at: isoNow(),
  };
  await updateLab(db, id, set);
  return presentLab({ ...lab, ...set }, null);
}

export async function archiveLab(db: Db, scope: ContentScope, id: string, body: Archive): Promise<Lab> {
  const lab = await loadEditableLab(db, scope, id);
  const set = { archived: body.archived ? (1 as const) : (0 as const), updated_at: isoNow() };
  await updateLab(db, id, set);
  return presentLab({ ...lab, ...set }, null);
}

/** Deletes a module; 409 when it is in use (usage.ts): archive it instead. */
export async function deleteLab(db: Db, scope: ContentScope, id: string): Promise<void> {
  const lab = await loadEditableLab(db, scope, id);
  await checkDeletable(db, { programId: lab.program_id, courseIds: [], labIds: [id] });
  await deleteLabRow(db, id);
}

/** The new order must name every module of the course exactly once (else 400). */
export async function reorderLabs(
  db: Db,
  scope: ContentScope,
  courseId: string,
  body: LabOrder,
): Promise<Course> {
  await loadEditableCourse(db, scope, courseId);
  const current = new Set((await labsOfCourses(db, [courseId])).map((l) => l.id));
  if (current.size !== body.labIds.length || !body.labIds.every((id) => current.has(id))) {
    throw invalidField('labIds', 'permutation', 'Name every module of the course once');
  }
  await db.transaction().execute((trx) => setPositions(trx, 'labs', body.labIds, isoNow()));
  return getCourse(db, scope, courseId);
}

/**
 * The module `id` as a source to copy from: one the caller edits, or a live module of a published global
 * program assigned to the caller's organisation (its teachers adapt it in a course of their own, issue 21.5).
 * 404 unknown, 403 otherwise.
 */
async function loadCopyableLab(db: Db, scope: ContentScope, id: string): Promise<LabRecord> {
  const lab = await loadLab(db, id);
  const program = await loadProgram(db, lab.program_id);
  if (canEdit(scope, program)) return lab;
  const held = await staffHoldOf(db, scope, program);
  if (held !== 'assigned' || program.status !== 'published' || lab.archived === 1) throw forbidden();
  return lab;
}

/**
 * Copies a module to the end of `courseId` (default its own course). The caller edits the target course, and
 * edits the source or reads it as a global module assigned to their organisation (which then needs a target of
 * their own: the global program's course is not theirs to write).
 */
export async function copyLab(db: Db, scope: ContentScope, id: string, body: LabCopy): Promise<Lab> {
  const source = await loadCopyableLab(db, scope, id);
  const targetId = body.courseId ?? source.course_id;
  const target = await loadEditableCourse(db, scope, targetId);
  const now = isoNow();
  const { program_id: _program, ...row } = source;
  const copy: LabRow = {
    ...row,
    id: newId(),
    course_id: targetId,
    title: targetId === source.course_id ? copyTitle(source.title) : source.title,
    position: await nextPosition(db, 'labs', targetId),
    archived: 0,
    created_at: now,
    updated_at: now,
  };
  await insertLab(db, copy);
  return presentLab({ ...copy, program_id: target.program_id }, null);
}
