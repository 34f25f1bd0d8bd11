import path from 'node:path';
import {
  pulseSequenceSchema,
  reconstructedImagesSchema,
  scanSummarySchema,
  type PulseSequence,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createFileBlobStore } from '../../blobs/fileStore.ts';
import { startRedisWorker } from '../../jobs/redisWorker.ts';
import { databases, testConfig, useTestApp } from '../../test/helper.ts';
import {
  call,
  createSimulatorWorld,
  openSession,
  testDataDir,
  type Headers,
} from '../sessions/world.test-support.ts';

const redisUrl = process.env['REDIS_URL'];
const dataDir = testDataDir();
const SCAN_TIMEOUT_MS = 60_000;

describe.skipIf(!redisUrl).each(databases)(
  'scaled out on %s: two API nodes, one larmor worker, Redis',
  (kind) => {
    const config = { dataDir, redisUrl, scanThreads: 1 };
    const t = useTestApp(kind, config);

    async function untilSettled(app: FastifyInstance, h: Headers, sessionId: string, id: string) {
      const deadline = Date.now() + SCAN_TIMEOUT_MS;
      for (;;) {
        const res = await call(app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${id}`, h);
        const sequence: PulseSequence = pulseSequenceSchema.parse(res.body);
        if (sequence.status !== 'running') return sequence;
        if (Date.now() > deadline) throw new Error('scan did not settle');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

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
        const world = await createSimulatorWorld(t.app, t.db);
        const h = world.a.studentHeaders;
        const active = await openSession(t.app, world, h);
        const sessionId = active.session.id;
        const created = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences`, h, {
          pulseSequenceSchemeId: 5,
          name: 'Tiny SE',
          collectionId: active.collections[0]?.id,
        });
        const sequence = pulseSequenceSchema.parse(created.body);
        await call(t.app, 'PATCH', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}`, h, {
          parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: 2 },
        });

        const address = await second.listen({ port: 0, host: '127.0.0.1' });
        const controller = new AbortController();
        const stream = await fetch(`${address}/api/v1/sessions/${sessionId}/events`, {
          headers: h,
          signal: controller.signal,
        });
        const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
        const decoder = new TextDecoder();
        let text = '';
        const finished = (async () => {
          while (!text.includes('"status":"finished"')) text += decoder.decode((await reader.read()).value);
        })();
        await new Promise((r) => setTimeout(r, 100));
        const scan = scanSummarySchema.parse(
          (await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences/${sequence.id}/run`, h)).body,
        );
        await Promise.race([
          finished,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('no finished event')), SCAN_TIMEOUT_MS),
          ),
        ]);
        controller.abort();
        expect(text).toContain(
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
