import { meStudentSchema, ownScansResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, writesNothing } from '../../test/helper.ts';
import { finishedScan } from '../scan-results/world.test-support.ts';
import { call, createSimulatorWorld, useSimulatorApp } from '../sessions/world.test-support.ts';

const SLOW = 120_000;

describe.each(databases)('GET v2/me/scans on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'lists the caller’s own finished scans of the module with series number and protocol, marked once kept; nobody else’s',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const h = world.a.studentHeaders;
      const { scanId, sessionId } = await finishedScan(t.app, world, h, {
        echoTime: 0.02,
        repetitionTime: 0.5,
        nex: 1,
      });
      const list = async (headers: typeof h, labId = world.labId) =>
        ownScansResponseSchema.parse((await call(t.app, 'GET', `v2/me/scans?labId=${labId}`, headers)).body);
      expect((await list(h)).scans).toEqual([
        {
          scanId,
          sessionId,
          description: 'Tiny SE',
          seriesNumber: 1,
          scanTimeSeconds: expect.closeTo(32 * 0.5, 3) as unknown,
          parameters: expect.objectContaining({ family: 'SE', echoTime: 0.02, matrixRead: 32 }) as unknown,
          finishedAt: expect.any(String) as string,
          scanResultId: null,
        },
      ]);
      expect((await list(world.a.teacherHeaders)).scans).toEqual([]);
      expect((await list(world.b.studentHeaders)).scans).toEqual([]);
      await writesNothing(t.db, async () => {
        expect((await call(t.app, 'GET', 'v2/me/scans', h)).status).toBe(400);
        expect((await call(t.app, 'GET', 'v2/me/scans?labId=x', h)).status).toBe(400);
      });
      const kept = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
      expect(kept.status).toBe(201);
      expect((await list(h)).scans[0]?.scanResultId).toBe(kept.body?.['id']);
      // The scan-results list shows the kept series with its number and key parameters too.
      const me = meStudentSchema.parse((await call(t.app, 'GET', 'v2/me/', h)).body);
      expect(me.scanResults).toEqual([
        expect.objectContaining({
          id: kept.body?.['id'],
          description: 'Tiny SE',
          seriesNumber: 1,
          parameters: expect.objectContaining({ family: 'SE', echoTime: 0.02 }) as unknown,
          scanTimeSeconds: expect.closeTo(32 * 0.5, 3) as unknown,
        }),
      ]);
    },
    SLOW,
  );
});
