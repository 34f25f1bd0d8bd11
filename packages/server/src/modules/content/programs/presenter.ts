/**
 * Programs, courses and modules as the calls answer them: never a row as it is (flags as booleans, JSON
 * columns parsed and checked against the contracts' schemas, upload ids as the URL they are served at).
 */
import {
  apiPath,
  API_PREFIX,
  labCompetenciesSchema,
  labObjectivesSchema,
  labPresetNameSchema,
  labPresetsSchema,
  PROGRAM_PATHS,
  sequenceTypeOf,
  startingProtocolsSchema,
  summarizeObjective,
  tissueOverrideSchema,
  type Course,
  type Lab,
  type LabSummary,
  type Program,
  type ProgramSummary,
} from '@larmor/contracts';
import { FREE_PLAN_LIMITS } from '@larmor/mri/sequence';
import { z } from 'zod';
import type { CourseRow } from '../courses/repository.ts';
import type { LabRecord } from '../labs/repository.ts';
import { anatomicalModelOf } from '../labs/model-catalogue.ts';
import { canEdit, type ContentScope } from './access.ts';
import type { ProgramRecord } from './repository.ts';

/** Where an upload is served. */
export function uploadUrl(uploadId: string): string {
  return `${API_PREFIX}/${apiPath(PROGRAM_PATHS.upload, { uploadId })}`;
}

const sequenceCodesSchema = z.array(z.number().int());
const lockedSchema = z.array(labPresetNameSchema);
const overridesSchema = z.array(tissueOverrideSchema);

/** The stored JSON of a module, parsed and checked. */
export function labJson(row: LabRecord) {
  return {
    sequenceTypes: sequenceCodesSchema.parse(JSON.parse(row.sequence_types)),
    presets: labPresetsSchema.parse(JSON.parse(row.presets)),
    lockedPresets: lockedSchema.parse(JSON.parse(row.locked_presets)),
    tissueOverrides: overridesSchema.parse(JSON.parse(row.tissue_overrides)),
    startingProtocols: startingProtocolsSchema.parse(JSON.parse(row.starting_protocols)),
    objectives: labObjectivesSchema.parse(JSON.parse(row.objectives)),
    competencies: labCompetenciesSchema.parse(JSON.parse(row.competencies)),
  };
}

/**
 * Whether a module lies within the free plan (platform-shell.md §9): a free model (Brain, Knee), only SE and
 * GRE sequence types, and the 1.5 T scanner.
 */
export function isFreeLab(
  row: Pick<LabRecord, 'anatomical_model_id' | 'sequence_types' | 'presets'>,
): boolean {
  if (!anatomicalModelOf(row.anatomical_model_id)?.free) return false;
  const codes = sequenceCodesSchema.parse(JSON.parse(row.sequence_types));
  const families = FREE_PLAN_LIMITS.families as readonly string[];
  if (!codes.every((code) => families.includes(sequenceTypeOf(code)?.family ?? ''))) return false;
  const b0 = labPresetsSchema.parse(JSON.parse(row.presets)).b0field;
  return b0 === undefined || b0 === FREE_PLAN_LIMITS.b0;
}

export function presentLabSummary(row: LabRecord): LabSummary {
  return {
    id: row.id,
    courseId: row.course_id,
    title: row.title,
    position: row.position,
    archived: row.archived === 1,
    free: isFreeLab(row),
    readingOnly: anatomicalModelOf(row.anatomical_model_id)?.readingOnly ?? false,
    anatomicalModelId: row.anatomical_model_id,
    estimatedDurationMin: row.estimated_duration_min,
    availableFrom: row.available_from,
    dueAt: row.due_at,
  };
}

/**
 * A module in full. `attemptsUsed`: the caller's attempts as a learner (null for editors), from which
 * `attemptsLeft` follows when the module limits attempts. Learners get the objectives' summaries only (titles and
 * points): the thresholds and a planted artifact would give the answers away.
 */
export function presentLab(row: LabRecord, attemptsUsed: number | null): Lab {
  const summary = presentLabSummary(row);
  const json = labJson(row);
  return {
    ...summary,
    programId: row.program_id,
    instructions: row.instructions,
    backend: row.backend,
    ...json,
    objectives: attemptsUsed === null ? json.objectives : [],
    objectiveSummaries: json.objectives.map(summarizeObjective),
    attemptsAllowed: row.attempts_allowed,
    releaseAutomaticGrade: row.release_automatic_grade === 1,
    attemptsLeft:
      attemptsUsed === null || row.attempts_allowed === null
        ? null
        : Math.max(0, row.attempts_allowed - attemptsUsed),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentCourse(row: CourseRow, labs: readonly LabRecord[]): Course {
  return {
    id: row.id,
    programId: row.program_id,
    title: row.title,
    description: row.description,
    position: row.position,
    archived: row.archived === 1,
    modules: labs.filter((l) => l.course_id === row.id).map(presentLabSummary),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function presentProgramSummary(record: ProgramRecord, scope: ContentScope): ProgramSummary {
  return {
    id: record.id,
    title: record.title,
    summary: record.summary,
    coverImageUrl: record.cover_upload_id === null ? null : uploadUrl(record.cover_upload_id),
    clientId: record.client_id,
    clientName: record.clientName,
    global: record.client_id === null,
    status: record.status,
    enrollment: record.enrollment,
    freeCatalogue: record.free_catalogue === 1,
    courseCount: record.courseCount,
    moduleCount: record.moduleCount,
    enrolledCount: record.enrolledCount,
    canEdit: canEdit(scope, record),
    createdAt: record.created_at,
    updatedAt: record.updated_at,
  };
}

export function presentProgram(
  record: ProgramRecord,
  scope: ContentScope,
  assignedClientIds: readonly string[],
  courses: readonly CourseRow[],
  labs: readonly LabRecord[],
): Program {
  return {
    ...presentProgramSummary(record, scope),
    description: record.description,
    coverUploadId: record.cover_upload_id,
    assignedClientIds: [...assignedClientIds],
    courses: courses.map((course) => presentCourse(course, labs)),
  };
}
