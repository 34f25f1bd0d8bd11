/**
 * The simulator's load run (issue 11): LOAD_SESSIONS open sessions (LOAD_USERS students with three each), each
 * sending a keepalive every KEEPALIVE_INTERVAL_MS and reading its instance state as often, while SCANS_PER_MINUTE
 * small scans run (a 128 × 128, 3-slice SE on the brain, fast engine, one session after another), for
 * LOAD_DURATION_MS. Figures: `load.p99.ms` and `load.median.ms` of the non-scan calls, `load.calls` made,
 * `load.errors` (non-2xx answers), `load.scansLost` (scans not finished within LOAD_SETTLE_MS after the run, or
 * ended in error), `load.peakRss.MB` (server process, sampled every 250 ms). The load client runs on a worker
 * thread of its own (sessions-load-client.ts), so the server's event loop does only the server's work.
 */
import { signAccessToken } from '@larmor/server/plugins/auth';
import type { ServerConfig } from '@larmor/server/config';
import type { Database } from '@larmor/server/db/schema';
import { isoNow, newId } from '@larmor/server/db/ids';
import type { Kysely } from 'kysely';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { LoadClientInput, LoadClientOutput, LoadSession } from './sessions-load-client.ts';

const LOAD_USERS = 100;
const SESSIONS_PER_USER = 3;
const KEEPALIVE_INTERVAL_MS = 10_000;
const SCANS_PER_MINUTE = 60;
const LOAD_DURATION_MS = 60_000;
/** How long scans still running at the end may take to finish before they count as lost [ms]. */
const LOAD_SETTLE_MS = 120_000;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** Students enrolled in `programId`, with access tokens signed by the server's key. */
async function students(db: Kysely<Database>, config: ServerConfig, programId: string) {
  const headers: Record<string, string>[] = [];
  for (let i = 0; i < LOAD_USERS; i++) {
    const id = newId();
    const now = isoNow();
    await db
      .insertInto('users')
      .values({
        id,
        username: `load-student-${i}-${id.slice(0, 6)}`,
        email: `load-${i}-${id.slice(0, 6)}@example.test`,
        first_name: 'Load',
        last_name: `Student ${i}`,
        password_hash: 'not-a-password',
        role: 'Student',
        status: 'active',
        terms_ack: 1,
        first_login: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const sid = `load-session-${id}`;
    await db
      .insertInto('auth_sessions')
      .values({ id: sid, user_id: id, created_at: now, revoked_at: null })
      .execute();
    await db
      .insertInto('enrollments')
      .values({ program_id: programId, user_id: id, enrolled_by: null, created_at: now })
      .execute();
    const token = await signAccessToken(
      config.jwtSecret,
      { uid: id, scope: 'Student', identity: null, sid },
      3_600,
    );
    headers.push({ authorization: `Bearer ${token}` });
  }
  return headers;
}

/** Runs the load against the server at `address`; answers its figures. */
export async function loadRun(
  address: string,
  db: Kysely<Database>,
  config: ServerConfig,
  labId: string,
  programId: string,
): Promise<Record<string, number>> {
  const json = { 'content-type': 'application/json' };
  const post = async (url: string, headers: Record<string, string>, body?: unknown) => {
    const res = await fetch(`${address}/api/${url}`, {
      method: 'POST',
      headers: body === undefined ? headers : { ...headers, ...json },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const sessions: LoadSession[] = [];
  for (const headers of await students(db, config, programId)) {
    for (let s = 0; s < SESSIONS_PER_USER; s++) {
      const active = (await post('v1/sessions', headers, { labId, programId })) as {
        session: { id: string };
        collections: { id: string }[];
      };
      const sequence = await post(`v1/sessions/${active.session.id}/pulse-sequences`, headers, {
        pulseSequenceSchemeId: 5,
        name: 'Load SE',
        collectionId: active.collections[0]?.id,
      });
      const res = await fetch(
        `${address}/api/v1/sessions/${active.session.id}/pulse-sequences/${String(sequence['id'])}`,
        {
          method: 'PATCH',
          headers: { ...headers, ...json },
          body: JSON.stringify({ parameters: { matrixRead: 128, matrixPhase: 128, sliceCount: 3 } }),
        },
      );
      if (!res.ok) throw new Error(`PATCH answered ${res.status}`);
      sessions.push({ id: active.session.id, sequenceId: String(sequence['id']), headers });
    }
  }

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
  const input: LoadClientInput = {
    address,
    sessions,
    durationMs: LOAD_DURATION_MS,
    keepaliveMs: KEEPALIVE_INTERVAL_MS,
    scansPerMinute: SCANS_PER_MINUTE,
  };
  const client = new Worker(new URL('./sessions-load-client.ts', import.meta.url), { workerData: input });
  const [{ latencies, errors, scans }] = (await once(client, 'message')) as [LoadClientOutput];
  await once(client, 'exit');
  const settleBy = Date.now() + LOAD_SETTLE_MS;
  let lost = scans.length;
  while (Date.now() < settleBy) {
    const rows = await db
      .selectFrom('sim_scans')
      .select(['id', 'status'])
      .where('id', 'in', scans.length > 0 ? scans.map((s) => s.scanId) : [''])
      .execute();
    if (rows.every((r) => r.status !== 'running')) {
      lost = scans.length - rows.filter((r) => r.status === 'finished').length;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  clearInterval(sampler);
  return {
    'load.sessions': sessions.length,
    'load.calls': latencies.length,
    'load.median.ms': percentile(latencies, 50),
    'load.p99.ms': percentile(latencies, 99),
    'load.errors': errors,
    'load.scans': scans.length,
    'load.scansLost': lost,
    'load.peakRss.MB': peakRss / 1_048_576,
  };
}
