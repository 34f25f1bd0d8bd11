import crypto from 'node:crypto';
import { scanSummarySchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/helper.ts';
import {
  call,
  databases,
  runSequence,
  sequenceInSession,
  testDataDir,
  useTestApp,
} from '../../test/simulator.ts';
import { scanEnded, smallSequence, untilTrue } from './faults.test-support.ts';
import { claimScan, leaseRound, leaseUntil } from './leases.ts';

const dataDir = testDataDir();
/** Long enough that the app's own lease rounds (every 20 s) stay out of the test's way [ms]. */
const LEASE_MS = 60_000;

describe.each(databases)('scan leases on %s', (kind) => {
  const t = useTestApp(kind, { dataDir, scanThreads: 1, scanLeaseMs: LEASE_MS });

  /** A finished one-slice 32² SE scan, stored. */
  async function finishedScan() {
    const { h, sessionId, sequence } = await sequenceInSession(t.app, t.db);
    const scan = scanSummarySchema.parse((await runSequence(t.app, h, sessionId, sequence.id)).body);
    expect((await scanEnded(t.db, scan.id)).status).toBe('finished');
    lastRun = { h, sessionId, sequenceId: sequence.id };
    return t.db.selectFrom('sim_scans').selectAll().where('id', '=', scan.id).executeTakeFirstOrThrow();
  }
  let lastRun = { h: { authorization: '' }, sessionId: '', sequenceId: '' };

  it('a running scan whose lease has passed is taken over from its snapshot (byte-identical images); one with a live lease is left to its coordinator', async () => {
    const first = await finishedScan();
    // As if another API process had coordinated these and died (expired), or were still coordinating (live).
    const left = (lease: string, seriesNumber: number) => ({
      ...first,
      id: crypto.randomUUID(),
      series_number: seriesNumber,
      status: 'running',
      progress: 0,
      result: null,
      finished_at: null,
      lease_until: lease,
    });
    const expired = left(new Date(Date.now() - 1_000).toISOString(), first.series_number + 1);
    const live = left(leaseUntil(LEASE_MS), first.series_number + 2);
    await t.db.insertInto('sim_scans').values([expired, live]).execute();

    expect(await leaseRound(t.app, t.app.simulator)).toEqual([expired.id]);
    // Taken: its lease was renewed by the claim, so a second round takes nothing.
    expect(await leaseRound(t.app, t.app.simulator)).toEqual([]);
    expect((await scanEnded(t.db, expired.id)).status).toBe('finished');
    const blobs = t.app.simulator.blobs;
    const again = await blobs.get(`scans/${expired.id}/image-0.f32`);
    const original = await blobs.get(`scans/${first.id}/image-0.f32`);
    expect(Buffer.from(again).equals(Buffer.from(original))).toBe(true);

    const untouched = await t.db
      .selectFrom('sim_scans')
      .select(['status', 'lease_until'])
      .where('id', '=', live.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ status: 'running', lease_until: live.lease_until });
    await t.db.updateTable('sim_scans').set({ status: 'cancelled' }).where('id', '=', live.id).execute();
  });

  it('of two processes claiming one expired scan, exactly one wins; an ended scan is never claimed', async () => {
    const first = await finishedScan();
    const orphan = {
      ...first,
      id: crypto.randomUUID(),
      series_number: first.series_number + 1,
      status: 'running',
      result: null,
      finished_at: null,
      lease_until: new Date(Date.now() - 1).toISOString(),
    };
    await t.db.insertInto('sim_scans').values(orphan).execute();
    const wins = await Promise.all([
      claimScan(t.db, orphan.id, LEASE_MS),
      claimScan(t.db, orphan.id, LEASE_MS),
    ]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await claimScan(t.db, first.id, LEASE_MS, true)).toBe(false);
    await t.db.updateTable('sim_scans').set({ status: 'cancelled' }).where('id', '=', orphan.id).execute();
  });

  it('a process that shuts down while it coordinates a scan leaves it running with its lease given up; another takes it over at once and finishes it', async () => {
    const first = await finishedScan();
    const leaving = await buildApp({
      config: testConfig({ dataDir, scanThreads: 1, scanLeaseMs: LEASE_MS }),
      database: { db: t.db, kind: t.kind, close: () => Promise.resolve() },
      logger: false,
    });
    const { h, sessionId, sequenceId } = lastRun;
    await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequenceId}`, h, {
      parameters: { matrixRead: 256, matrixPhase: 256, sliceCount: 20 },
    });
    expect(first.status).toBe('finished');
    let closed = false;
    try {
      await leaving.ready();
      const runtime = leaving.simulator;
      // A scan this process coordinates: 20 slices of 256², long enough to be stopped midway.
      const row = scanSummarySchema.parse(
        (await call(leaving, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${sequenceId}/run`, h)).body,
      );
      const until = Date.now() + 10_000;
      while (!runtime.running.has(row.id) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      await leaving.close();
      closed = true;
      const left = await t.db
        .selectFrom('sim_scans')
        .select(['status', 'lease_until'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      expect(left).toEqual({ status: 'running', lease_until: null });
      expect(await leaseRound(t.app, t.app.simulator)).toEqual([row.id]);
      expect((await scanEnded(t.db, row.id)).status).toBe('finished');
    } finally {
      if (!closed) await leaving.close();
    }
  });
});

/**
 * How soon, at most, a dead coordinator's scan is taken over with the default lease [ms]: by design under 10 s
 * (DEFAULT_SCAN_LEASE_MS, 6 s, plus a lease round every 2 s); the bound leaves room for a loaded machine.
 */
const TAKEOVER_BOUND_MS = 12_000;

describe.each(databases)('scan leases on %s with the default lease', (kind) => {
  const t = useTestApp(kind, { dataDir, scanThreads: 1 });

  it('a scan whose coordinator died just after renewing its lease is taken over within seconds and finishes', async () => {
    const { h, runUrl } = await smallSequence(t.app, t.db);
    const first = await scanEnded(
      t.db,
      scanSummarySchema.parse((await call(t.app, 'POST', runUrl, h)).body).id,
    );
    expect(first.status).toBe('finished');
    const runtime = t.app.simulator;
    // As if another API process coordinated it and died right after renewing its lease.
    const orphan = {
      ...first,
      id: crypto.randomUUID(),
      series_number: first.series_number + 1,
      status: 'running',
      progress: 0,
      result: null,
      finished_at: null,
      lease_until: leaseUntil(runtime.scanLeaseMs),
    };
    const died = performance.now();
    await t.db.insertInto('sim_scans').values(orphan).execute();
    const orphanStatus = async () =>
      (
        await t.db
          .selectFrom('sim_scans')
          .select('status')
          .where('id', '=', orphan.id)
          .executeTakeFirstOrThrow()
      ).status;
    await untilTrue(
      async () => runtime.coordinating.has(orphan.id) || (await orphanStatus()) !== 'running',
      TAKEOVER_BOUND_MS + 30_000,
      'the orphan is taken over',
    );
    expect(performance.now() - died).toBeLessThan(TAKEOVER_BOUND_MS);
    expect((await scanEnded(t.db, orphan.id)).status).toBe('finished');
  }, 60_000);
});
