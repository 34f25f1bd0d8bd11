import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { call, createSimulatorWorld, refused, useSimulatorApp } from '../sessions/world.test-support.ts';
import { scanResultImageKey } from './service.ts';
import { finishedScan, keepScan } from './world.test-support.ts';

const SLOW = 120_000;

describe.each(databases)('scan results on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'a student keeps their own finished scan (snapshot and images copied); only they and their organisation’s staff read it',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const h = world.a.studentHeaders;
      const { scanId } = await finishedScan(t.app, world, h);
      // Bad input, unknown scan, someone else's scan: refused, nothing written (rows and blobs).
      expect((await refused(t.app, t.db, 'POST', 'v1/scan-results', h, { scanId: 'x' })).status).toBe(400);
      expect(
        (await refused(t.app, t.db, 'POST', 'v1/scan-results', h, { scanId: crypto.randomUUID() })).status,
      ).toBe(404);
      const foreign = await refused(t.app, t.db, 'POST', 'v1/scan-results', world.a.teacherHeaders, {
        scanId,
      });
      expect(foreign.status).toBe(403);

      const result = await keepScan(t.app, h, scanId);
      expect(result).toMatchObject({ scanId, labId: world.labId, rows: 32, columns: 32, slices: 1 });
      expect(result.snapshot.protocol.matrixRead).toBe(32);
      const copy = await t.app.simulator.blobs.get(scanResultImageKey(result.id, 0));
      expect(copy.byteLength).toBe(32 * 32 * 4);

      const read = (headers: typeof h) => call(t.app, 'GET', `v1/scan-results/${result.id}`, headers);
      expect((await read(h)).status).toBe(200);
      expect((await read(world.a.teacherHeaders)).status).toBe(200);
      expect((await read(world.b.teacherHeaders)).status).toBe(403);
      expect((await read(world.b.studentHeaders)).status).toBe(403);
      expect((await call(t.app, 'GET', `v1/scan-results/${crypto.randomUUID()}`, h)).status).toBe(404);
    },
    SLOW,
  );
});
