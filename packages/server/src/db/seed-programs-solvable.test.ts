/**
 * Every seeded module is solvable and none starts solved (issue 24, "done means"): through the API a student
 * opens each module of each seeded program, adds its reference scan's sequence type and finds the author's
 * starting protocol; scanned as it starts, at least one objective fails; scanned with the reference protocol,
 * every objective passes (answers to its questions given both times, so the start fails on the image, not on a
 * missing answer); a module's typical wrong plan (`wrongPlan`: the reference with one mistake) fails the
 * objective it names with that objective's teaching feedback. A planning module's reference and wrong plan carry
 * their slice stack (`spatials`: orientation and tilts), patched with the parameters. Scans are one 64 × 64 slice unless a module's objectives need more (`reference.size`).
 * A reading-only module (model 100001) scans nothing: its session opens with its prepared series, which must all
 * finish; its reference answers pass every objective, no answer fails, and its typical wrong reading fails the
 * objective it names with that objective's teaching feedback.
 * One test per program, seeded once: three seedings and two small scans per module on the loaded 2-core machine.
 */
import {
  activeSessionSchema,
  catalogResponseSchema,
  objectivesSchema,
  programSchema,
  pulseSequenceSchema,
  scanResultSchema,
  type CheckResult,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { gradeScanResults } from '../modules/grading/service.ts';
import { findScanResult } from '../modules/scan-results/repository.ts';
import { call, type Headers, useSimulatorApp } from '../modules/sessions/world.test-support.ts';
import { bearer } from '../test/fixtures.ts';
import { databases } from '../test/helper.ts';
import { seedDemoData } from './seed.ts';
import { isScanned, type ReadingReference, type SeedModule } from './seed-content-kit.ts';
import { SEED_PROGRAMS } from './seed-programs.ts';

/** Seeding, building three models and two dozen small scans on the loaded 2-core machine. */
const SLOW = 600_000;
const SCAN_TIMEOUT_MS = 120_000;
const SMALL = { matrixRead: 64, matrixPhase: 64, sliceCount: 1 };

const failed = (checks: readonly CheckResult[]) =>
  checks.filter((c) => !c.passed).map((c) => `${c.objectiveId} (${c.measured ?? 'not measured'})`);

const measuredOf = (checks: readonly CheckResult[]) =>
  checks.map((c) => `${c.objectiveId} ${c.measured ?? '–'}`).join('; ');

describe.each(databases)('every seeded module is solvable and none starts solved on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  async function signIn(username: string, password: string): Promise<Headers> {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
    expect(res.statusCode, username).toBe(200);
    return bearer((res.json() as { accessToken: string }).accessToken);
  }

  /** Runs the pulse sequence and keeps its scan; answers the scan result's id and the scan's wall time [ms]. */
  async function scanAndKeep(h: Headers, sessionId: string, sequenceId: string) {
    const base = `v1/sessions/${sessionId}/pulse-sequences/${sequenceId}`;
    const began = performance.now();
    const run = await call(t.app, 'POST', `${base}/run`, h);
    if (run.status !== 202) throw new Error(`run answered ${run.status}: ${JSON.stringify(run.body)}`);
    const scanId = String(run.body?.['id']);
    const deadline = Date.now() + SCAN_TIMEOUT_MS;
    for (;;) {
      const s = pulseSequenceSchema.parse((await call(t.app, 'GET', base, h)).body);
      if (s.status === 'finished') break;
      if (s.status !== 'running' || Date.now() > deadline) throw new Error(`scan ended ${s.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ms = performance.now() - began;
    const kept = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
    if (kept.status !== 201) throw new Error(`keep answered ${kept.status}: ${JSON.stringify(kept.body)}`);
    return { id: scanResultSchema.parse(kept.body).id, ms };
  }

  /** The objectives the seed stored for module `labId`. */
  async function objectivesOf(labId: string) {
    const stored = await t.db
      .selectFrom('labs')
      .select('objectives')
      .where('id', '=', labId)
      .executeTakeFirstOrThrow();
    return objectivesSchema.parse(JSON.parse(stored.objectives));
  }

  /** A reading-only module's problems: its prepared series run; its answers pass, none and a wrong one fail. */
  async function readingProblemsOf(
    h: Headers,
    programId: string,
    labId: string,
    module: SeedModule,
    reference: ReadingReference,
  ) {
    const objectives = await objectivesOf(labId);
    const began = performance.now();
    const opened = await call(t.app, 'POST', 'v1/sessions', h, { labId, programId });
    if (opened.status !== 201) return [`open answered ${opened.status}: ${JSON.stringify(opened.body)}`];
    const active = activeSessionSchema.parse(opened.body);
    const problems: string[] = [];
    const prepared = module.lab.startingProtocols ?? [];
    if (active.pulseSequences.length !== prepared.length || prepared.length === 0)
      problems.push(`${active.pulseSequences.length} prepared series of ${prepared.length}`);
    const deadline = Date.now() + SCAN_TIMEOUT_MS;
    for (const s of active.pulseSequences) {
      for (;;) {
        const url = `v1/sessions/${active.session.id}/pulse-sequences/${s.id}`;
        const now = pulseSequenceSchema.parse((await call(t.app, 'GET', url, h)).body);
        if (now.status === 'finished') break;
        if (now.status !== 'running' || Date.now() > deadline) {
          problems.push(`prepared ${s.name} ended ${now.status}`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const ms = performance.now() - began;
    expect((await call(t.app, 'PUT', `v1/sessions/${active.session.id}/close`, h)).status).toBe(200);
    const grade = (answers: Record<string, string>) =>
      gradeScanResults(t.app.simulator.blobs, objectives, [], answers);
    const startFails = failed(await grade({}));
    if (startFails.length === 0) problems.push('starts solved without an answer');
    const refChecks = await grade(reference.answers);
    const refFails = failed(refChecks);
    if (refFails.length > 0)
      problems.push(`reference fails ${refFails.join(', ')}: ${measuredOf(refChecks)}`);
    const wrong = reference.wrongReading;
    if (wrong) {
      const check = (await grade({ ...reference.answers, ...wrong.answers })).find(
        (c) => c.objectiveId === wrong.fails,
      );
      const teaching = objectives.find((o) => o.id === wrong.fails)?.feedbackFail ?? '';
      if (check?.passed !== false || teaching === '' || !check.hint.includes(teaching))
        problems.push(`${wrong.mistake}: ${wrong.fails} ${check?.passed ? 'passes' : 'fails'}`);
    }
    console.info(
      `${module.lab.title} [reading]: start fails ${startFails.join(', ')}; ` +
        `${prepared.length} prepared series ${Math.round(ms)} ms`,
    );
    return problems;
  }

  /** The module's problems: an empty list when its start fails and its reference passes. */
  async function problemsOf(h: Headers, programId: string, labId: string, module: SeedModule) {
    const { reference } = module;
    if (!isScanned(reference)) return readingProblemsOf(h, programId, labId, module, reference);
    const objectives = await objectivesOf(labId);
    const opened = await call(t.app, 'POST', 'v1/sessions', h, { labId, programId });
    if (opened.status !== 201) return [`open answered ${opened.status}: ${JSON.stringify(opened.body)}`];
    const active = activeSessionSchema.parse(opened.body);
    const sessionId = active.session.id;
    const created = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
      pulseSequenceSchemeId: reference.sequenceType,
      name: 'Task',
      collectionId: active.collections[0]?.id,
    });
    if (created.status !== 201) return [`add answered ${created.status}: ${JSON.stringify(created.body)}`];
    const sequence = pulseSequenceSchema.parse(created.body);
    const starting = module.lab.startingProtocols?.find((s) => s.sequenceType === reference.sequenceType);
    expect(sequence.parameters, module.lab.title).toMatchObject(starting?.parameters ?? {});
    const url = `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`;
    // Small where the starting protocol leaves the size to the type's defaults; its own sizes are the task's.
    const small = Object.fromEntries(
      Object.entries({ ...SMALL, ...reference.size }).filter(
        ([key]) => !(key in (starting?.parameters ?? {})),
      ),
    );
    const size = await call(t.app, 'PATCH', url, h, { parameters: small });
    if (size.status !== 200) return [`size answered ${size.status}: ${JSON.stringify(size.body)}`];
    const atStart = await scanAndKeep(h, sessionId, sequence.id);
    const configure = async (settings: Record<string, number> | undefined) => {
      for (const [configurationId, value] of Object.entries(settings ?? {})) {
        const set = await call(t.app, 'POST', `v1/sessions/${sessionId}/configuration`, h, {
          configurationId,
          value,
        });
        if (set.status !== 200) throw new Error(`${configurationId} answered ${set.status}`);
      }
    };
    await configure(reference.configuration);
    const good = await call(t.app, 'PATCH', url, h, {
      parameters: reference.parameters,
      ...(reference.spatials ? { spatials: reference.spatials } : {}),
    });
    if (good.status !== 200) return [`reference answered ${good.status}: ${JSON.stringify(good.body)}`];
    const solved = await scanAndKeep(h, sessionId, sequence.id);
    const { wrongPlan } = module;
    let wrong: { id: string } | undefined;
    if (wrongPlan) {
      await configure(wrongPlan.configuration);
      const bad = await call(t.app, 'PATCH', url, h, {
        parameters: wrongPlan.parameters,
        ...(wrongPlan.spatials ? { spatials: wrongPlan.spatials } : {}),
      });
      if (bad.status !== 200) return [`wrong plan answered ${bad.status}: ${JSON.stringify(bad.body)}`];
      wrong = await scanAndKeep(h, sessionId, sequence.id);
    }
    const closed = await call(t.app, 'PUT', `v1/sessions/${sessionId}/close`, h);
    expect(closed.status).toBe(200);
    const grade = async (id: string) => {
      const row = await findScanResult(t.db, id);
      if (!row) throw new Error(`no scan result ${id}`);
      return gradeScanResults(t.app.simulator.blobs, objectives, [row], reference.answers ?? {});
    };
    const problems: string[] = [];
    const startChecks = await grade(atStart.id);
    const startFails = failed(startChecks);
    if (startFails.length === 0) problems.push(`starts solved: ${measuredOf(startChecks)}`);
    const refChecks = await grade(solved.id);
    const refFails = failed(refChecks);
    if (refFails.length > 0)
      problems.push(`reference fails ${refFails.join(', ')}: ${measuredOf(refChecks)}`);
    if (wrongPlan && wrong) {
      const check = (await grade(wrong.id)).find((c) => c.objectiveId === wrongPlan.fails);
      const teaching = objectives.find((o) => o.id === wrongPlan.fails)?.feedbackFail ?? '';
      if (check?.passed !== false || teaching === '' || !check.hint.includes(teaching))
        problems.push(
          `${wrongPlan.mistake}: ${wrongPlan.fails} ${check?.passed ? 'passes' : 'fails'} (${check?.measured ?? '–'}) with "${check?.hint ?? ''}"`,
        );
    }
    console.info(
      `${module.lab.title} [${module.lab.backend ?? 'cpusim'}]: start fails ${startFails.join(', ')}; ` +
        `reference scan ${Math.round(solved.ms)} ms`,
    );
    return problems;
  }

  it.each(SEED_PROGRAMS.map((p) => ({ program: p, title: p.title })))(
    '$title: each module starts unsolved and its reference scan passes every objective',
    async ({ program }) => {
      await seedDemoData(t.db, t.app.config.passwordHashCost);
      const h = await signIn('student', 'larmor-student');
      const catalog = catalogResponseSchema.parse((await call(t.app, 'GET', 'v1/catalog', h)).body);
      const programId = catalog.items.find((i) => i.program.title === program.title)?.program.id ?? '';
      const seeded = programSchema.parse((await call(t.app, 'GET', `v1/programs/${programId}`, h)).body);
      const labs = seeded.courses.flatMap((course) => course.modules);
      const problems: Record<string, string[]> = {};
      for (const module of program.courses.flatMap((c) => c.modules)) {
        const labId = labs.find((m) => m.title === module.lab.title)?.id;
        if (labId === undefined) throw new Error(`${module.lab.title} was not seeded`);
        const found = await problemsOf(h, programId, labId, module);
        if (found.length > 0) problems[module.lab.title] = found;
      }
      expect(problems).toEqual({});
    },
    SLOW,
  );
});
