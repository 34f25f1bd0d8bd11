/**
 * Scan leases (issue 11: "a server restart re-queues what was running"). The API process that coordinates a
 * running scan holds a lease on it (`sim_scans.lease_until`, written with the scan and renewed every third of
 * the lease while it coordinates it). A running scan whose lease has passed lost its coordinator (the process
 * died, was killed or lost the database): any API process — another one, or the same one restarted — claims it
 * with one conditional UPDATE (so exactly one process wins) and submits its stored snapshot again. The same
 * snapshot gives byte-identical images, so a scan taken over ends as it would have. Should a slow coordinator
 * come back after its lease was taken, both finish the same bytes and the first end written wins
 * (updateRunningScan only changes a running scan).
 */
import type { ScanSnapshot } from '@larmor/mri/simulate';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import type { ScanRow } from './repository.ts';
import { startScan } from './runner.ts';

/** The end of a lease of `leaseMs` taken at `nowMs`. */
export const leaseUntil = (leaseMs: number, nowMs: number = Date.now()): string =>
  new Date(nowMs + leaseMs).toISOString();

/** Renews the leases of the running scans `ids` (those this process coordinates). */
export async function renewLeases(db: Db, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('sim_scans')
    .set({ lease_until: leaseUntil(leaseMs) })
    .where('id', 'in', [...ids])
    .where('status', '=', 'running')
    .execute();
}

/** Running scans whose lease had passed at `nowIso` (or that never had one). */
export async function scansWithExpiredLeases(db: Db, nowIso: string): Promise<ScanRow[]> {
  return db
    .selectFrom('sim_scans')
    .selectAll()
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
    .execute();
}

/**
 * Takes the lease of `scanId` for this process when it is still running and its lease has passed (or
 * `force`: the embedded server, the only coordinator there is); true when this process won it.
 */
export async function claimScan(db: Db, scanId: string, leaseMs: number, force = false): Promise<boolean> {
  const now = Date.now();
  let update = db
    .updateTable('sim_scans')
    .set({ lease_until: leaseUntil(leaseMs, now) })
    .where('id', '=', scanId)
    .where('status', '=', 'running');
  if (!force)
    update = update.where((eb) =>
      eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', new Date(now).toISOString())]),
    );
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * One round: renews the leases of the scans this process coordinates, then takes over the running scans whose
 * lease has passed (every running scan it does not coordinate when `takeAll`). Answers the ids taken over.
 */
export async function leaseRound(
  app: FastifyInstance,
  runtime: SimulatorRuntime,
  takeAll = false,
): Promise<string[]> {
  const { db, log } = app;
  const leaseMs = runtime.scanLeaseMs;
  await renewLeases(db, [...runtime.coordinating], leaseMs);
  const candidates = takeAll
    ? await db.selectFrom('sim_scans').selectAll().where('status', '=', 'running').execute()
    : await scansWithExpiredLeases(db, new Date().toISOString());
  const taken: string[] = [];
  for (const scan of candidates) {
    if (runtime.coordinating.has(scan.id)) continue;
    if (!(await claimScan(db, scan.id, leaseMs, takeAll))) continue;
    log.info({ scanId: scan.id }, 'taking over a running scan whose coordinator is gone');
    taken.push(scan.id);
    startScan(db, runtime, log, scan, JSON.parse(scan.snapshot) as ScanSnapshot);
  }
  return taken;
}

/**
 * Runs lease rounds every third of the lease while `app` is up. The embedded server (no REDIS_URL) is the only
 * coordinator of its database, so when it starts it takes over every scan left running at once.
 */
export function startScanLeases(app: FastifyInstance): void {
  const runtime = app.simulator;
  let timer: NodeJS.Timeout | undefined;
  const round = (takeAll: boolean) =>
    leaseRound(app, runtime, takeAll).catch((error: unknown) =>
      app.log.error({ err: error }, 'scan lease round failed'),
    );
  app.addHook('onReady', async () => {
    // A database that cannot answer now must not keep the server from starting.
    await round(!app.config.redisUrl);
    timer = setInterval(() => void round(false), Math.max(50, Math.floor(runtime.scanLeaseMs / 3)));
    timer.unref();
  });
  app.addHook('preClose', (done) => {
    clearInterval(timer);
    done();
  });
}
