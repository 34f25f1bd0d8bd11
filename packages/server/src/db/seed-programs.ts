/**
 * Demo learning content (issue 10): the published program "MRI Fundamentals", global, assigned to the demo
 * organisation and in the free catalogue, with three courses and nine modules of real teaching instructions.
 * The demo students are enrolled; the free-plan user sees the modules within the free plan (Brain and Knee,
 * SE and GRE). Module content is checked against the engine's catalogue like any module the API accepts.
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
import { SEED_COURSES } from './seed-programs-content.ts';

export const DEMO_PROGRAM_TITLE = 'MRI Fundamentals';

const PROGRAM_DESCRIPTION = `Learn MRI by scanning. Each module sets a task on an anatomical model; you choose the
sequence, tune its parameters and judge the images, the way a radiographer does at the console.

1. **Contrast and weighting**: what TR, TE, TI and the flip angle do to tissue contrast.
2. **Artifacts and how to fix them**: recognise wrap-around, chemical shift and motion, and remove them.
3. **Neuro and MSK protocols**: fat suppression, FLAIR and contrast-enhanced imaging in clinical protocols.

Modules marked *free* run on the free plan (1.5 T, Brain and Knee, SE and GRE).`;

export interface SeedContentOptions {
  clientId: string;
  ownerId: string;
  studentIds: readonly string[];
  now: string;
}

/** Writes the demo program in the caller's transaction and answers its id. */
export async function seedLearningContent(trx: Db, options: SeedContentOptions): Promise<string> {
  const { clientId, ownerId, studentIds, now } = options;
  const programId = newId();
  await insertProgram(trx, {
    id: programId,
    client_id: null,
    title: DEMO_PROGRAM_TITLE,
    summary: 'Contrast, artifacts and clinical protocols, learnt on the scanner simulator.',
    description: PROGRAM_DESCRIPTION,
    cover_upload_id: null,
    status: 'published',
    enrollment: 'open',
    free_catalogue: 1,
    created_by: ownerId,
    created_at: now,
    updated_at: now,
  });
  await replaceAssignments(trx, programId, [clientId]);
  for (const [coursePosition, course] of SEED_COURSES.entries()) {
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
    for (const [position, input] of course.modules.entries()) {
      await insertLab(trx, labRow(input, courseId, position, now));
    }
  }
  await insertEnrollments(trx, programId, studentIds, ownerId, now);
  return programId;
}

function labRow(input: LabCreateInput, courseId: string, position: number, now: string) {
  const lab = labCreateSchema.parse(input);
  checkLabContent(lab);
  return newLabRow(lab, courseId, position, now);
}
