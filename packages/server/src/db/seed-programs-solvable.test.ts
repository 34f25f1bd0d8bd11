/**
 * The demo modules leave their task to the student (issue 20.4): through the API, a student opens each seeded
 * module, adds its sequence type and finds the author's starting protocol; scanned as it starts, the module's
 * main objective fails; scanned with a known-good protocol, it passes. So no module opens on its answer, and
 * every module can still be solved. Scans are shrunk to one 64 × 64 slice (the checks do not depend on it).
 */
import {
  activeSessionSchema,
  catalogResponseSchema,
  objectivesSchema,
  programSchema,
  pulseSequenceSchema,
  scanResultSchema,
  type Objective,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { gradeScanResults } from '../modules/grading/service.ts';
import { findScanResult } from '../modules/scan-results/repository.ts';
import { call, type Headers, useSimulatorApp } from '../modules/sessions/world.test-support.ts';
import { bearer } from '../test/fixtures.ts';
import { databases } from '../test/helper.ts';
import { seedDemoData } from './seed.ts';
import { STARTING_PROTOCOLS } from './seed-programs-starts.ts';

/** Seeding, building a model and two scans on the loaded 2-core machine. */
const SLOW = 240_000;
const SCAN_TIMEOUT_MS = 120_000;
const SMALL = { matrixRead: 64, matrixPhase: 64, sliceCount: 1 };
const degrees = (d: number): number => (d * Math.PI) / 180;

interface SolvableCase {
  title: string;
  /** The sequence type the student adds. */
  scheme: number;
  /** The objective the module is about. */
  objectiveId: string;
  /** Parameters that solve it (SI units). */
  good: Record<string, number | boolean>;
  starting: Record<string, unknown>;
}

const CASES: SolvableCase[] = [
  {
    title: 'Make CSF bright: T2-weighted spin echo of the brain',
    scheme: 5,
    objectiveId: 'weighting',
    good: { repetitionTime: 3, echoTime: 0.1 },
    starting: STARTING_PROTOCOLS.t2Brain[0]?.parameters ?? {},
  },
  {
    title: 'T1 weighting: short TR, short TE',
    scheme: 20,
    objectiveId: 'weighting',
    good: { repetitionTime: 0.45, echoTime: 0.012 },
    starting: STARTING_PROTOCOLS.t1Brain[1]?.parameters ?? {},
  },
  {
    title: 'Null the CSF: FLAIR',
    scheme: 11,
    objectiveId: 'csf-nulled',
    good: { inversionTime: 2.42 },
    starting: STARTING_PROTOCOLS.flair[0]?.parameters ?? {},
  },
  {
    title: 'T2* and the gradient echo',
    scheme: 2,
    objectiveId: 'weighting',
    good: { repetitionTime: 0.6, echoTime: 0.03, flipAngle: degrees(20) },
    starting: STARTING_PROTOCOLS.t2Star[0]?.parameters ?? {},
  },
  {
    title: 'Fix the wrap-around on a knee',
    scheme: 5,
    objectiveId: 'no-wrap',
    good: { fovPhase: 0.18 },
    starting: STARTING_PROTOCOLS.wrap[0]?.parameters ?? {},
  },
  {
    title: 'Chemical shift at the fat–water border',
    scheme: 2,
    objectiveId: 'shift',
    good: { bandwidthPerPixel: 400 },
    starting: STARTING_PROTOCOLS.chemicalShift[0]?.parameters ?? {},
  },
  {
    title: 'Motion ghosts in the phase direction',
    scheme: 5,
    objectiveId: 'no-motion',
    // TR one motion period (1 Hz): every phase-encoding line sees the head in one place, as gating does.
    good: { repetitionTime: 1 },
    starting: {},
  },
  {
    title: 'Suppress fat: STIR vs fat saturation',
    scheme: 13,
    objectiveId: 'fat-suppressed',
    good: { inversionTime: 0.24 },
    starting: STARTING_PROTOCOLS.fatSuppression[0]?.parameters ?? {},
  },
  {
    title: 'Enhancing tumour: T1 before and after gadolinium',
    scheme: 20,
    objectiveId: 'weighting',
    good: { repetitionTime: 0.5, echoTime: 0.012 },
    starting: STARTING_PROTOCOLS.tumour[0]?.parameters ?? {},
  },
];

describe.each(databases)(
  'the demo modules start from a protocol that leaves the task to the student on %s',
  (kind) => {
    const t = useSimulatorApp(kind, { scanThreads: 1 });

    async function signIn(username: string, password: string): Promise<Headers> {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
      expect(res.statusCode, username).toBe(200);
      return bearer((res.json() as { accessToken: string }).accessToken);
    }

    /** Runs the pulse sequence and keeps its scan as a scan result; answers the scan result's id. */
    async function scanAndKeep(h: Headers, sessionId: string, sequenceId: string): Promise<string> {
      const base = `v1/sessions/${sessionId}/pulse-sequences/${sequenceId}`;
      const run = await call(t.app, 'POST', `${base}/run`, h);
      expect(run.status, JSON.stringify(run.body)).toBe(202);
      const scanId = String(run.body?.['id']);
      const deadline = Date.now() + SCAN_TIMEOUT_MS;
      for (;;) {
        const s = pulseSequenceSchema.parse((await call(t.app, 'GET', base, h)).body);
        if (s.status === 'finished') break;
        if (s.status !== 'running' || Date.now() > deadline) throw new Error(`scan ended ${s.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const kept = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
      expect(kept.status, JSON.stringify(kept.body)).toBe(201);
      return scanResultSchema.parse(kept.body).id;
    }

    it.each(CASES)(
      '$title: the starting protocol fails the main objective, a known-good protocol passes it',
      async (c) => {
        await seedDemoData(t.db, t.app.config.passwordHashCost);
        const h = await signIn('student', 'larmor-student');
        const catalog = catalogResponseSchema.parse((await call(t.app, 'GET', 'v1/catalog', h)).body);
        const programId = catalog.items[0]?.program.id ?? '';
        const program = programSchema.parse((await call(t.app, 'GET', `v1/programs/${programId}`, h)).body);
        const labId = program.courses
          .flatMap((course) => course.modules)
          .find((m) => m.title === c.title)?.id;
        // The module's checks as stored: a learner's module answer carries only their titles and points.
        const stored = await t.db
          .selectFrom('labs')
          .select('objectives')
          .where('id', '=', labId ?? '')
          .executeTakeFirstOrThrow();
        const objectives = objectivesSchema.parse(JSON.parse(stored.objectives));
        const objective = objectives.find((o) => o.id === c.objectiveId);
        if (!objective) throw new Error(`${c.title} has no objective ${c.objectiveId}`);
        const main: Objective = objective;

        const opened = await call(t.app, 'POST', 'v1/sessions', h, { labId, programId });
        expect(opened.status, JSON.stringify(opened.body)).toBe(201);
        const active = activeSessionSchema.parse(opened.body);
        const sessionId = active.session.id;
        const created = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
          pulseSequenceSchemeId: c.scheme,
          name: 'Task',
          collectionId: active.collections[0]?.id,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const sequence = pulseSequenceSchema.parse(created.body);
        // The module's starting protocol, not the sequence type's defaults.
        expect(sequence.parameters).toMatchObject(c.starting);
        const url = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`;
        const small = await call(t.app, 'PATCH', url, h, { parameters: SMALL });
        expect(small.status, JSON.stringify(small.body)).toBe(200);
        const startId = await scanAndKeep(h, sessionId, sequence.id);
        const good = await call(t.app, 'PATCH', url, h, { parameters: c.good });
        expect(good.status, JSON.stringify(good.body)).toBe(200);
        const goodId = await scanAndKeep(h, sessionId, sequence.id);

        const blobs = t.app.simulator.blobs;
        const grade = async (id: string) => {
          const row = await findScanResult(t.db, id);
          if (!row) throw new Error(`no scan result ${id}`);
          const [check] = await gradeScanResults(blobs, [main], [row], {});
          return check;
        };
        const atStart = await grade(startId);
        const solved = await grade(goodId);
        expect(atStart?.passed, `starts solved: ${atStart?.measured}`).toBe(false);
        expect(solved?.passed, `not solvable: ${solved?.measured} (${solved?.hint})`).toBe(true);
      },
      SLOW,
    );
  },
);
