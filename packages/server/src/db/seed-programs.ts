/**
 * Demo learning content (issues 10 and 24): three published global programs, "MRI Fundamentals", "Image quality
 * and artifacts" and "Clinical protocols and safety", assigned to the demo organisation and in the free
 * catalogue, with real teaching instructions. The demo students are enrolled in each; the free-plan user sees
 * the modules within the free plan (Brain and Knee, SE and GRE, 1.5 T). Module content is checked against the
 * engine's catalogue like any module the API accepts.
 */
import { labCreateSchema, type LabCreateInput } from '@larmor/contracts';
import { newId } from './ids.ts';
import { insertCourse } from '../modules/content/courses/repository.ts';
import { insertEnrollments } from '../modules/enrollments/repository.ts';
import { checkLabContent } from '../modules/content/labs/plan.ts';
import { insertLab } from '../modules/content/labs/repository.ts';
import { newLabRow } from '../modules/content/labs/service.ts';
import { insertProgram, replaceAssignments } from '../modules/content/programs/repository.ts';
import type { Db } from './database.ts';
import type { SeedProgram } from './seed-content-kit.ts';
import { FUNDAMENTALS } from './seed-fundamentals.ts';
import { IMAGE_QUALITY } from './seed-image-quality.ts';
import { CLINICAL } from './seed-clinical.ts';

/** Every seeded program, in catalogue order. */
export const SEED_PROGRAMS: readonly SeedProgram[] = [FUNDAMENTALS, IMAGE_QUALITY, CLINICAL];

export const DEMO_PROGRAM_TITLE = FUNDAMENTALS.title;

export interface SeedContentOptions {
  clientId: string;
  ownerId: string;
  studentIds: readonly string[];
  now: string;
}

/** Writes the demo programs in the caller's transaction and answers their ids, in `SEED_PROGRAMS` order. */
export async function seedLearningContent(trx: Db, options: SeedContentOptions): Promise<string[]> {
  const ids: string[] = [];
  for (const program of SEED_PROGRAMS) ids.push(await seedProgram(trx, program, options));
  return ids;
}

async function seedProgram(trx: Db, program: SeedProgram, options: SeedContentOptions): Promise<string> {
  const { clientId, ownerId, studentIds, now } = options;
  const programId = newId();
  await insertProgram(trx, {
    id: programId,
    client_id: null,
    title: program.title,
    summary: program.summary,
    description: program.description,
    cover_upload_id: null,
    status: 'published',
    enrollment: 'open',
    free_catalogue: 1,
    created_by: ownerId,
    created_at: now,
    updated_at: now,
  });
  await replaceAssignments(trx, programId, [clientId]);
  for (const [coursePosition, course] of program.courses.entries()) {
    const courseId = newId();
    await insertCourse(trx, {
      id: courseId,
      program_id: programId,
      title: course.title,
      description: course.description,
      position: coursePosition,
      archived: 0,
      created_at: now,
      updated_at: now,
    });
    for (const [position, module] of course.modules.entries()) {
      await insertLab(trx, labRow(module.lab, courseId, position, now));
    }
  }
  await insertEnrollments(trx, programId, studentIds, ownerId, now);
  return programId;
}

function labRow(input: LabCreateInput, courseId: string, position: number, now: string) {
  const lab = labCreateSchema.parse(input);
  try {
    checkLabContent(lab);
  } catch (error) {
    throw new Error(`Seeded module "${lab.title}" does not fit the engine: ${JSON.stringify(error)}`, {
      cause: error,
    });
  }
  return newLabRow(lab, courseId, position, now);
}
