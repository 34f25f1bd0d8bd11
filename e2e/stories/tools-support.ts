/**
 * What the tools stories share (issue 13): API calls as a user, a published brain module with a student
 * enrolled, a session opened through the API, and running a sequence to Finished with its centre slice's raw
 * pixels.
 */
import { organisationMember } from '../support/story.ts';
import { expect } from 'vitest';
import {
  anatomicalModelId,
  callAs,
  createClient,
  login,
  uniqueName,
  type Caller,
  type Credentials,
} from '../support/api.ts';

/** A module's world; its student signs in by password, or is signed in already (an LTI learner's token). */
export interface ToolsWorld<Student extends Caller = Credentials> {
  baseUrl: string;
  teacher: Credentials;
  student: Student;
  programId: string;
  courseId: string;
  labId: string;
}

export { callAs };

const member = (baseUrl: string, admin: Credentials, clientId: string, role: 'Teacher' | 'Student') =>
  organisationMember(baseUrl, admin, clientId, role);

/** A published open program with one module on `modelName` allowing `sequenceTypes`; the student enrolled. */
export async function toolsWorld(
  baseUrl: string,
  admin: Credentials,
  modelName: string,
  sequenceTypes: number[],
): Promise<ToolsWorld> {
  const clientId = await createClient(baseUrl, admin, uniqueName('School '));
  const teacher = await member(baseUrl, admin, clientId, 'Teacher');
  const student = await member(baseUrl, admin, clientId, 'Student');
  const modelId = await anatomicalModelId(baseUrl, teacher, modelName);
  const { id: programId } = await callAs<{ id: string }>(baseUrl, teacher, 'POST', 'v1/programs', {
    enrollment: 'open',
    title: uniqueName('Tools '),
    summary: 'Tissues and contrast.',
  });
  const { id: courseId } = await callAs<{ id: string }>(
    baseUrl,
    teacher,
    'POST',
    `v1/programs/${programId}/courses`,
    { title: 'Contrast' },
  );
  const lab = await callAs<{ id: string }>(baseUrl, teacher, 'POST', `v1/courses/${courseId}/modules`, {
    title: 'Read contrast off the curves',
    instructions: 'Change a tissue and scan again.',
    anatomicalModelId: modelId,
    sequenceTypes,
  });
  await callAs(baseUrl, teacher, 'POST', `v1/programs/${programId}/publish`, { published: true });
  await callAs(baseUrl, student, 'POST', `v1/programs/${programId}/enrollments`, {});
  return { baseUrl, teacher, student, programId, courseId, labId: lab.id };
}

export interface SessionSequence {
  sessionId: string;
  sequenceId: string;
  family: string;
  parameters: Record<string, unknown>;
  spatials: Record<string, unknown>;
}

/** Opens a session as the student and adds a sequence of scheme `schemeId` with `parameters` patched in. */
export async function sessionWithSequence(
  world: ToolsWorld<Caller>,
  schemeId: number,
  parameters: Record<string, unknown>,
): Promise<SessionSequence> {
  const { baseUrl, student } = world;
  const active = await callAs<{ session: { id: string }; collections: { id: string }[] }>(
    baseUrl,
    student,
    'POST',
    'v1/sessions',
    { labId: world.labId, programId: world.programId },
  );
  const sessionId = active.session.id;
  const created = await callAs<{ id: string }>(
    baseUrl,
    student,
    'POST',
    `v1/sessions/${sessionId}/pulse-sequences`,
    { pulseSequenceSchemeId: schemeId, name: 'Tools scan', collectionId: active.collections[0]?.id },
  );
  const patched = await callAs<{
    id: string;
    family: string;
    parameters: Record<string, unknown>;
    spatials: Record<string, unknown>;
  }>(baseUrl, student, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${created.id}`, { parameters });
  return { sessionId, sequenceId: patched.id, ...patched };
}

/** Runs the sequence to Finished; its scan id and the raw Float32 pixels of its centre slice. */
export async function runToFinished(world: ToolsWorld<Caller>, sessionId: string, sequenceId: string) {
  const { baseUrl, student } = world;
  await callAs(baseUrl, student, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${sequenceId}/run`);
  let scanId = '';
  await expect
    .poll(
      async () => {
        const s = await callAs<{ status: string; lastScan: { id: string; errorMessage?: string } | null }>(
          baseUrl,
          student,
          'GET',
          `v1/sessions/${sessionId}/pulse-sequences/${sequenceId}`,
        );
        if (s.status === 'error') throw new Error(s.lastScan?.errorMessage ?? 'scan failed');
        scanId = s.lastScan?.id ?? '';
        return s.status;
      },
      { timeout: 120_000, interval: 500 },
    )
    .toBe('finished');
  return { scanId, pixels: await centreSlice(world, sessionId, scanId) };
}

/** The raw pixels of a finished scan's centre slice, with its size. */
export async function centreSlice(world: ToolsWorld<Caller>, sessionId: string, scanId: string) {
  const { baseUrl, student } = world;
  const series = await callAs<{ rows: number; columns: number; slices: { url: string }[] }>(
    baseUrl,
    student,
    'GET',
    `v1/sessions/${sessionId}/reconstructed-images/${scanId}`,
  );
  const slice = series.slices[Math.floor(series.slices.length / 2)];
  if (!slice) throw new Error('the series has no slices');
  const { accessToken } = 'accessToken' in student ? student : await login(baseUrl, student);
  const res = await fetch(`${baseUrl}${slice.url}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  return { rows: series.rows, columns: series.columns, values: new Float32Array(await res.arrayBuffer()) };
}

/** "T1-weighted spin echo" in the contracts' sequence-type codes. */
export const T1_SE = 20;
/** A short-TR, short-TE spin echo of one 64² slice [s]: T1 weighting, so an objective of T2 weighting fails. */
export const T1_WEIGHTED_SPIN_ECHO = {
  repetitionTime: 0.5,
  echoTime: 0.015,
  sliceCount: 1,
  matrixRead: 64,
  matrixPhase: 64,
};
/** A module's objectives: a spin echo (1 point) with T2 weighting (2 points). */
export const SPIN_ECHO_T2_OBJECTIVES = [
  { id: 'family', kind: 'sequenceFamily', families: ['SE'], points: 1, title: 'Spin echo' },
  { id: 'weighting', kind: 'weighting', weighting: 'T2', points: 2, title: 'T2 weighting' },
];

/** A brain module allowing T1_SE whose teacher sets `objectives` and the other `settings` on it. */
export async function brainModuleAsking(
  baseUrl: string,
  admin: Credentials,
  objectives: readonly Record<string, unknown>[] = SPIN_ECHO_T2_OBJECTIVES,
  settings: Record<string, unknown> = {},
): Promise<ToolsWorld> {
  const world = await toolsWorld(baseUrl, admin, 'Brain', [T1_SE]);
  await callAs(baseUrl, world.teacher, 'PATCH', `v1/modules/${world.labId}`, { ...settings, objectives });
  return world;
}

/** The student scans T1_WEIGHTED_SPIN_ECHO to Finished in a new session of the module; its ids. */
export async function scanT1SpinEcho(world: ToolsWorld<Caller>) {
  const scan = await sessionWithSequence(world, T1_SE, T1_WEIGHTED_SPIN_ECHO);
  const { scanId } = await runToFinished(world, scan.sessionId, scan.sequenceId);
  return { sessionId: scan.sessionId, sequenceId: scan.sequenceId, scanId };
}

/** The student keeps scan `scanId` as a scan result and submits it in a new attempt of the module. */
export async function submitScan(world: ToolsWorld<Caller>, scanId: string): Promise<void> {
  const { baseUrl, student } = world;
  const kept = await callAs<{ id: string }>(baseUrl, student, 'POST', 'v1/scan-results', { scanId });
  const attempt = await callAs<{ id: string }>(
    baseUrl,
    student,
    'POST',
    `v1/modules/${world.labId}/attempts`,
    {},
  );
  await callAs(baseUrl, student, 'POST', `v1/attempts/${attempt.id}/submit`, {
    scanResultIds: [kept.id],
    answers: {},
  });
}
