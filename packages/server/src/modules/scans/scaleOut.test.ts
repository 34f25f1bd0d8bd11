import path from 'node:path';
import { reconstructedImagesSchema, scanSummarySchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createFileBlobStore } from '../../blobs/fileStore.ts';
import { startRedisWorker } from '../../jobs/redisWorker.ts';
import { openSessionEvents } from '../../test/event-stream.ts';
import { testConfig } from '../../test/helper.ts';
import {
  call,
  databases,
  SCAN_TIMEOUT_MS,
  sequenceInSession,
  testDataDir,
  TINY_PARAMETERS,
  untilSettled,
  useTestApp,
} from '../../test/simulator.ts';

const redisUrl = process.env['REDIS_URL'];
const dataDir = testDataDir();

describe.skipIf(!redisUrl).each(databases)(
  'scaled out on %s: two API nodes, one larmor worker, Redis',
  (kind) => {
    const config = { dataDir, redisUrl, scanThreads: 1 };
    const t = useTestApp(kind, config);

    it('a scan started through one node streams its events through the other, its images are read through both, and the other node cancels the next', async () => {
      const worker = await startRedisWorker({
        redisUrl: redisUrl ?? '',
        blobs: createFileBlobStore(path.join(dataDir, 'blobs')),
        threads: 1,
      });
      const second = await buildApp({
        config: testConfig(config),
        database: { db: t.db, kind: t.kind, close: () => Promise.resolve() },
        logger: false,
      });
      try {
        const { h, sessionId, sequence } = await sequenceInSession(t.app, t.db, {
          parameters: { ...TINY_PARAMETERS, sliceCount: 2 },
        });

        const address = await second.listen({ port: 0, host: '127.0.0.1' });
        const events = await openSessionEvents(address, sessionId, h);
        await new Promise((r) => setTimeout(r, 100));
        const scan = scanSummarySchema.parse(
          (await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`, h)).body,
        );
        await events.until((text) => text.includes('"status":"finished"'), SCAN_TIMEOUT_MS, 'finished event');
        await events.close();
        expect(events.text()).toContain(
          `"scanId":"${scan.id}","pulseSequenceId":"${sequence.id}","seriesNumber":${scan.seriesNumber},"status":"running"`,
        );
        const pixels: Buffer[] = [];
        for (const app of [t.app, second]) {
          const meta = await call(app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scan.id}`, h);
          expect(meta.status).toBe(200);
          const series = reconstructedImagesSchema.parse(meta.body);
          pixels.push(
            (await app.inject({ method: 'GET', url: series.slices[1]?.url ?? '', headers: h })).rawPayload,
          );
        }
        expect(pixels[0]?.length).toBe(32 * 32 * 4);
        expect(pixels[0]?.equals(pixels[1] ?? Buffer.alloc(0))).toBe(true);

        // A long scan (20 slices of 256²) started through the first node, cancelled through the second.
        await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h, {
          parameters: { matrixRead: 256, matrixPhase: 256, sliceCount: 20 },
        });
        const long = scanSummarySchema.parse(
          (await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`, h)).body,
        );
        const first = t.app.simulator;
        const until = Date.now() + 10_000;
        while (!first.running.has(long.id) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
        const cancelled = await call(
          second,
          'POST',
          `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/cancel`,
          h,
        );
        expect(scanSummarySchema.parse(cancelled.body).status).toBe('cancelled');
        const started = Date.now();
        while (first.running.has(long.id) && Date.now() - started < 1_500)
          await new Promise((r) => setTimeout(r, 10));
        expect(first.running.has(long.id)).toBe(false);
        expect((await untilSettled(t.app, h, sessionId, sequence.id)).status).toBe('cancelled');
      } finally {
        await second.close();
        await worker.close();
      }
    });
  },
);
