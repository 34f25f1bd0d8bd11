import path from 'node:path';
import { ERROR_CAUSES, ERROR_CODES, reconstructedImagesSchema, scanSummarySchema } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startS3rver, type RunningS3rver } from '../../blobs/s3rver.test-support.ts';
import { databases, testConfig, useTestApp } from '../../test/helper.ts';
import { call, errorOf, testDataDir } from '../sessions/world.test-support.ts';
import { scanEnded, silentServer, smallSequence } from './faults.test-support.ts';

const dataDir = testDataDir();
/** A generous bound on an answer from a server whose blob store does not answer [ms]. */
const ANSWER_BOUND_MS = 30_000;
/** Each test: a scan, and a call that fails only at the store's timeout [ms]. */
const TEST_TIMEOUT_MS = 120_000;

describe.each(databases)('scans on %s when the S3 blob store stops answering', (kind) => {
  let s3: RunningS3rver;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    s3 = await startS3rver(path.join(dataDir, 's3rver'));
    silent = await silentServer();
  });
  afterAll(async () => {
    await silent.close();
    await s3.close();
  });
  const t = useTestApp(kind, () => ({ dataDir, s3Url: s3.url, scanThreads: 1 }));

  /** A second API process on the same database whose blob store accepts connections and never answers. */
  async function frozenStoreApp(): Promise<FastifyInstance> {
    return buildApp({
      config: testConfig({
        dataDir,
        scanThreads: 1,
        s3Url: `http://KEY:SECRET@127.0.0.1:${silent.port}/larmor`,
      }),
      database: { db: t.db, kind: t.kind, close: () => Promise.resolve() },
      logger: false,
    });
  }

  it(
    'ends a scan whose store does not answer in error, with a message naming the store, within seconds',
    async () => {
      const frozen = await frozenStoreApp();
      try {
        const { h, runUrl } = await smallSequence(frozen, t.db);
        const started = performance.now();
        const res = await call(frozen, 'POST', runUrl, h);
        expect(res.status).toBe(202);
        const ended = await scanEnded(t.db, scanSummarySchema.parse(res.body).id);
        expect(performance.now() - started).toBeLessThan(ANSWER_BOUND_MS);
        expect(ended.status).toBe('error');
        expect(ended.error_message).toMatch(
          /^The scan failed: blob store: cannot write '.+': no answer within \d+ s/,
        );
      } finally {
        await frozen.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'answers an image read 503 with the error body, within seconds, when the store does not answer',
    async () => {
      const { h, runUrl, sessionId } = await smallSequence(t.app, t.db);
      const scan = scanSummarySchema.parse((await call(t.app, 'POST', runUrl, h)).body);
      expect((await scanEnded(t.db, scan.id)).status).toBe('finished');
      const meta = await call(t.app, 'GET', `v1/sessions/${sessionId}/reconstructed-images/${scan.id}`, h);
      const url = reconstructedImagesSchema.parse(meta.body).slices[0]?.url ?? '';
      expect((await t.app.inject({ method: 'GET', url, headers: h })).statusCode).toBe(200);

      const frozen = await frozenStoreApp();
      try {
        const started = performance.now();
        const res = await frozen.inject({ method: 'GET', url, headers: h });
        expect(performance.now() - started).toBeLessThan(ANSWER_BOUND_MS);
        expect(res.statusCode).toBe(503);
        expect(errorOf(res.json())).toMatchObject({
          code: ERROR_CODES.DOWNSTREAM_SERVICE_ERROR,
          cause: ERROR_CAUSES.UNAVAILABLE,
        });
      } finally {
        await frozen.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
