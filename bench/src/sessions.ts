/**
 * Simulator sessions end to end (issue 11): the real server on 127.0.0.1 over the embedded SQLite file with the
 * seeded demo content, scans on its thread queue (cores − 1 threads, SCAN_THREADS overrides). As the demo
 * student, in the first module (the brain, SE allowed):
 * - `runToImages.se20.ms`: run a 20-slice 256 × 256 SE on the fast engine (cpusim) through the API until its
 *   images are fetchable (POST run, poll the pulse sequence, GET the series metadata and every slice's pixels);
 * - `runToImages.bloch256.ms`: the same for one 256 × 256 SE slice on the Bloch engine (the module switched to
 *   censol for the run).
 * - `load.*`: the load run of sessions-load.ts (300 sessions with keepalives while 60 scans a minute run).
 * - `scaledOut.*` (REDIS_URL set): the scaled-out back end's CPU beyond the engine, sessions-scaled.ts.
 * Each run-to-images figure is the median of RUNS runs after one warm-up run (model build, thread start-up); `.cpu.ms` is the
 * CPU time of the whole process in that run (server and scan threads), what the run costs on an idle machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@larmor/server/db/database';
import type { Database } from '@larmor/server/db/schema';
import type { Kysely } from 'kysely';
import { DEMO_STUDENT, startDemoApp } from './demo-app.ts';
import { loadRun } from './sessions-load.ts';
import { scaledOutFigures } from './sessions-scaled.ts';
import type { BenchSuite } from './suite.ts';

const RUNS = 3;
/** The brain model and the spin echo's scheme id (spec: pulse-sequence schemes). */
const BRAIN_MODEL_ID = 1;
const SE_SCHEME = 5;
/** Longest a run may take before the bench gives up [ms]. */
const RUN_TIMEOUT_MS = 120_000;

interface Api {
  get(url: string): Promise<unknown>;
  send(method: string, url: string, body?: unknown): Promise<unknown>;
  bytes(url: string): Promise<number>;
}

function api(address: string, token: string): Api {
  const headers = { authorization: `Bearer ${token}` };
  const check = async (res: Response, what: string) => {
    if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  return {
    get: async (url) => (await check(await fetch(`${address}/api/${url}`, { headers }), url)).json(),
    send: async (method, url, body) =>
      (
        await check(
          await fetch(`${address}/api/${url}`, {
            method,
            headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }),
          `${method} ${url}`,
        )
      ).json(),
    bytes: async (url) =>
      (await (await check(await fetch(`${address}${url}`, { headers }), url)).arrayBuffer()).byteLength,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Opens a session, adds an SE with `parameters`, and answers a function that runs it until its images are read. */
async function prepare(client: Api, labId: string, programId: string, parameters: Record<string, number>) {
  const active = (await client.send('POST', 'v1/sessions', { labId, programId })) as {
    session: { id: string };
    collections: { id: string }[];
  };
  const sessionId = active.session.id;
  const sequence = (await client.send('POST', `v1/sessions/${sessionId}/pulse-sequences`, {
    pulseSequenceSchemeId: SE_SCHEME,
    name: 'Bench SE',
    collectionId: active.collections[0]?.id,
  })) as { id: string };
  await client.send('PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, { parameters });
  const runOnce = async (): Promise<number> => {
    const started = performance.now();
    const scan = (await client.send(
      'POST',
      `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`,
    )) as {
      id: string;
    };
    for (;;) {
      const state = (await client.get(`v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`)) as {
        status: string;
        lastScan: { errorMessage: string | null } | null;
      };
      if (state.status === 'finished') break;
      if (state.status !== 'running')
        throw new Error(`scan ended ${state.status}: ${state.lastScan?.errorMessage}`);
      if (performance.now() - started > RUN_TIMEOUT_MS) throw new Error('scan timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const series = (await client.get(`v1/sessions/${sessionId}/reconstructed-images/${scan.id}`)) as {
      slices: { url: string }[];
    };
    for (const slice of series.slices) await client.bytes(slice.url);
    return performance.now() - started;
  };
  return { runOnce, close: () => client.send('PUT', `v1/sessions/${sessionId}/close`) };
}

/** Median wall time [ms] and median CPU time of the whole process, its scan threads included [ms]. */
async function measure(runOnce: () => Promise<number>): Promise<{ wall: number; cpu: number }> {
  await runOnce();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = process.cpuUsage();
    walls.push(await runOnce());
    const used = process.cpuUsage(before);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

/**
 * The first module of the demo student's catalogue that scans the brain with the spin echo (scheme 5) offered
 * and no preset locked, with its program: what the figures scan. The curriculum's order changes as modules are
 * added, so the module is looked up, not taken by position.
 */
async function brainSpinEchoModule(
  client: Api,
  db: Kysely<Database>,
): Promise<{ labId: string; programId: string }> {
  const catalog = (await client.get('v1/catalog')) as { items: { program: { id: string } }[] };
  for (const item of catalog.items) {
    const programId = item.program.id;
    const program = (await client.get(`v1/programs/${programId}`)) as {
      courses: { modules: { id: string }[] }[];
    };
    for (const module of program.courses.flatMap((c) => c.modules)) {
      const lab = await db
        .selectFrom('labs')
        .select(['anatomical_model_id', 'sequence_types', 'locked_presets'])
        .where('id', '=', module.id)
        .executeTakeFirst();
      const schemes = lab ? (JSON.parse(lab.sequence_types) as unknown[]) : [];
      const locked = lab ? (JSON.parse(lab.locked_presets) as unknown[]) : [];
      if (lab?.anatomical_model_id === BRAIN_MODEL_ID && schemes.includes(SE_SCHEME) && locked.length === 0)
        return { labId: module.id, programId };
    }
  }
  throw new Error('no module of the demo catalogue scans the brain with a spin echo');
}

export const sessionsSuite: BenchSuite = {
  name: 'sessions',
  async run() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larmor-bench-sessions-'));
    const database = openDatabase({ sqlitePath: path.join(dataDir, 'bench.sqlite') });
    const { app, config, address, accessToken } = await startDemoApp(database, dataDir, DEMO_STUDENT);
    try {
      const client = api(address, accessToken);
      const { labId, programId } = await brainSpinEchoModule(client, database.db);
      const figures: Record<string, number> = {};

      /** The run-to-images figures `runToImages.<name>.ms` and `.cpu.ms` of a 256² SE of `sliceCount` slices. */
      const runToImages = async (name: string, sliceCount: number) => {
        const scan = await prepare(client, labId, programId, {
          matrixRead: 256,
          matrixPhase: 256,
          sliceCount,
        });
        const measured = await measure(scan.runOnce);
        figures[`runToImages.${name}.ms`] = measured.wall;
        figures[`runToImages.${name}.cpu.ms`] = measured.cpu;
        await scan.close();
      };
      await runToImages('se20', 20);
      await database.db.updateTable('labs').set({ backend: 'censol' }).where('id', '=', labId).execute();
      await runToImages('bloch256', 1);

      await database.db.updateTable('labs').set({ backend: 'cpusim' }).where('id', '=', labId).execute();
      Object.assign(figures, await loadRun(address, database.db, config, labId, programId));
      // Scaled out (Redis, S3, two workers) when REDIS_URL is set: ./sessions-scaled.ts.
      Object.assign(figures, await scaledOutFigures());
      return figures;
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
