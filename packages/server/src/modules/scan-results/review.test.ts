import {
  API_PREFIX,
  moduleReferenceSchema,
  SCAN_RESULT_REVIEW_PATHS,
  scanResultComparisonSchema,
  scanResultImagesSchema,
} from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addMembership, createUser } from '../../test/fixtures.ts';
import { databases } from '../../test/helper.ts';
import { publishedProgram } from '../content/programs/world.test-support.ts';
import { headersAs } from '../users/world.test-support.ts';
import {
  call,
  createSimulatorWorld,
  errorOf,
  refused,
  useSimulatorApp,
  type Headers,
} from '../sessions/world.test-support.ts';
import { keptScan, startAttempt } from './world.test-support.ts';

const SLOW = 180_000;

/** Raw bytes of GET `url` (an /api URL) as `headers`. */
async function bytesOf(app: FastifyInstance, url: string, headers: Headers) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
}

describe.each(databases)('scan-result series, reference scan and comparison on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'a scan result’s series (metadata and Float32 slices) is read by its owner and their organisation’s staff only',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const h = world.a.studentHeaders;
      const result = await keptScan(t.app, world, h);
      const url = `v1/scan-results/${result.id}/images`;

      const own = await call(t.app, 'GET', url, h);
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      const series = scanResultImagesSchema.parse(own.body);
      expect(series).toMatchObject({
        scanResultId: result.id,
        rows: 32,
        columns: 32,
        pixelFormat: 'float32le',
      });
      expect(series.parameters.matrixRead).toBe(32);
      expect(series.slices).toHaveLength(1);
      expect(series.pixelSpacing[0]).toBeGreaterThan(0);
      const sliceUrl = series.slices[0]?.url ?? '';
      expect(sliceUrl).toBe(`/api/v1/scan-results/${result.id}/images/0`);
      const slice = await bytesOf(t.app, sliceUrl, h);
      expect(slice.status).toBe(200);
      expect(slice.type).toBe('application/octet-stream');
      expect(slice.bytes.byteLength).toBe(32 * 32 * 4);
      const pixels = new Float32Array(
        slice.bytes.buffer.slice(slice.bytes.byteOffset, slice.bytes.byteOffset + slice.bytes.byteLength),
      );
      expect(pixels.some((v) => v > 0)).toBe(true);

      // The organisation's teacher and admin read it; another organisation's teacher, another student of the
      // same organisation and another organisation's student are refused with the catalogue's 400403.
      const other = await createUser(t.db, { username: 'alpha-student-2', role: 'Student' });
      const otherHeaders = await headersAs(
        other,
        'Student',
        await addMembership(t.db, other.id, world.a.clientId, 'Student'),
      );
      for (const staff of [world.a.teacherHeaders, world.a.adminHeaders]) {
        expect((await call(t.app, 'GET', url, staff)).status).toBe(200);
        expect((await bytesOf(t.app, sliceUrl, staff)).status).toBe(200);
      }
      for (const stranger of [world.b.teacherHeaders, otherHeaders, world.b.studentHeaders]) {
        const refusedSeries = await call(t.app, 'GET', url, stranger);
        expect(refusedSeries.status).toBe(403);
        expect(errorOf(refusedSeries.body).code).toBe(400403);
        expect((await bytesOf(t.app, sliceUrl, stranger)).status).toBe(403);
      }
      // Unknown scan result, a slice beyond the series, a bad id.
      const unknown = await call(t.app, 'GET', `v1/scan-results/${crypto.randomUUID()}/images`, h);
      expect(unknown.status).toBe(404);
      expect((await bytesOf(t.app, `/api/v1/scan-results/${result.id}/images/1`, h)).status).toBe(404);
      expect((await call(t.app, 'GET', `v1/scan-results/${result.id}/images/x`, h)).status).toBe(400);
      expect((await call(t.app, 'GET', 'v1/scan-results/x/images', h)).status).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: `/api/${url}` })).statusCode).toBe(401);
    },
    SLOW,
  );

  it(
    'a teacher marks their own scan result as the module’s reference; a student’s scan result is compared with it',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const student = world.a.studentHeaders;
      const teacher = world.a.teacherHeaders;
      const studentResult = await keptScan(t.app, world, student);
      const refUrl = `v1/modules/${world.labId}/reference`;
      const compareUrl = `v1/scan-results/${studentResult.id}/comparison`;

      // No reference yet: nothing to compare.
      expect((await call(t.app, 'GET', refUrl, teacher)).body).toEqual({ reference: null, canMark: true });
      const none = scanResultComparisonSchema.parse((await call(t.app, 'GET', compareUrl, teacher)).body);
      expect(none).toMatchObject({
        reference: null,
        parameters: [],
        differenceMap: null,
        isReference: false,
      });

      // The teacher's own scan, with a longer TE and another bandwidth.
      const teacherResult = await keptScan(t.app, world, teacher, { echoTime: 0.03, bandwidthPerPixel: 260 });
      // Refused, writing nothing: a student marks; a teacher marks a student's result; bad body; unknown module;
      // another organisation's teacher marks a result not theirs.
      const mark = (h: Headers, body: unknown, url = refUrl) => refused(t.app, t.db, 'PUT', url, h, body);
      expect((await mark(student, { scanResultId: studentResult.id })).status).toBe(403);
      expect((await mark(teacher, { scanResultId: studentResult.id })).status).toBe(403);
      expect((await mark(world.b.teacherHeaders, { scanResultId: teacherResult.id })).status).toBe(403);
      expect((await mark(teacher, { scanResultId: 'x' })).status).toBe(400);
      expect((await mark(teacher, { scanResultId: crypto.randomUUID() })).status).toBe(404);
      expect(
        (
          await mark(
            teacher,
            { scanResultId: teacherResult.id },
            `v1/modules/${crypto.randomUUID()}/reference`,
          )
        ).status,
      ).toBe(404);

      const marked = await call(t.app, 'PUT', refUrl, teacher, { scanResultId: teacherResult.id });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      expect(moduleReferenceSchema.parse(marked.body)).toMatchObject({
        labId: world.labId,
        scanResultId: teacherResult.id,
        userId: world.a.teacher.id,
      });
      // The student sees the reference once they have submitted their scan result (reference-access.test.ts).
      expect((await call(t.app, 'GET', refUrl, student)).status).toBe(403);
      const attempt = await startAttempt(t.app, world.labId, student);
      const submitted = await call(t.app, 'POST', `v1/attempts/${attempt.id}/submit`, student, {
        scanResultIds: [studentResult.id],
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect((await call(t.app, 'GET', refUrl, student)).body).toEqual({
        reference: expect.objectContaining({ scanResultId: teacherResult.id }),
        canMark: false,
      });
      // Another organisation's teacher does not see the module, nor its reference.
      expect((await call(t.app, 'GET', refUrl, world.b.teacherHeaders)).status).toBe(403);
      expect((await call(t.app, 'GET', `v1/modules/${crypto.randomUUID()}/reference`, teacher)).status).toBe(
        404,
      );

      for (const reader of [student, teacher]) {
        const res = await call(t.app, 'GET', compareUrl, reader);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const comparison = scanResultComparisonSchema.parse(res.body);
        expect(comparison.reference?.scanResultId).toBe(teacherResult.id);
        const byName = new Map(comparison.parameters.map((p) => [p.parameter, p]));
        expect([...byName.keys()].sort()).toEqual(['bandwidthPerPixel', 'echoTime']);
        expect(byName.get('echoTime')).toMatchObject({ label: 'TE', reference: '30 ms' });
        expect(byName.get('echoTime')?.consequence).not.toBe('');
        // Same matrix, FOV and slice position: the centre slices subtract pixel by pixel.
        const map = comparison.differenceMap;
        if (!map?.available) throw new Error(`no difference map: ${JSON.stringify(map)}`);
        expect(map).toMatchObject({ rows: 32, columns: 32, slice: 0, referenceSlice: 0 });
        expect(map.maxDifference).toBeGreaterThan(0);
        const diff = await bytesOf(t.app, map.url, reader);
        expect(diff.status).toBe(200);
        const values = new Float32Array(
          diff.bytes.buffer.slice(diff.bytes.byteOffset, diff.bytes.byteOffset + diff.bytes.byteLength),
        );
        expect(values).toHaveLength(32 * 32);
        expect(Math.max(...values)).toBeCloseTo(map.maxDifference, 3);
        expect(values.every((v) => v >= 0)).toBe(true);
      }
      // The reference compared with itself.
      const self = await call(t.app, 'GET', `v1/scan-results/${teacherResult.id}/comparison`, teacher);
      expect(scanResultComparisonSchema.parse(self.body)).toMatchObject({
        isReference: true,
        parameters: [],
      });
      // Outsiders read neither the comparison nor the map.
      expect((await call(t.app, 'GET', compareUrl, world.b.teacherHeaders)).status).toBe(403);
      expect((await call(t.app, 'GET', `${compareUrl}/difference`, world.b.studentHeaders)).status).toBe(403);

      // Unmarking: a student may not; the teacher may, once.
      expect((await refused(t.app, t.db, 'DELETE', refUrl, student)).status).toBe(403);
      expect((await call(t.app, 'DELETE', refUrl, teacher)).status).toBe(204);
      expect((await call(t.app, 'DELETE', refUrl, teacher)).status).toBe(404);
      expect((await call(t.app, 'GET', `${compareUrl}/difference`, student)).status).toBe(404);
    },
    SLOW,
  );

  it(
    'a reference of another slice geometry gives no difference map and says why',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const studentResult = await keptScan(t.app, world, world.a.studentHeaders);
      const teacherResult = await keptScan(t.app, world, world.a.teacherHeaders, {
        matrixRead: 64,
        matrixPhase: 64,
      });
      const url = `v1/modules/${world.labId}/reference`;
      expect(
        (await call(t.app, 'PUT', url, world.a.teacherHeaders, { scanResultId: teacherResult.id })).status,
      ).toBe(200);
      const res = await call(
        t.app,
        'GET',
        `v1/scan-results/${studentResult.id}/comparison`,
        // The student's teacher reads it (the student only after submitting it: reference-access.test.ts).
        world.a.teacherHeaders,
      );
      const comparison = scanResultComparisonSchema.parse(res.body);
      expect(comparison.differenceMap).toEqual({
        available: false,
        reason: expect.stringMatching(/matrices differ/),
      });
      expect(comparison.parameters.map((p) => p.parameter)).toContain('matrix');
    },
    SLOW,
  );
});

describe('the OpenAPI page documents the scan-result review calls', () => {
  const t = useSimulatorApp('sqlite');
  it('lists every path of SCAN_RESULT_REVIEW_PATHS with its methods and a summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, { summary?: string }>> }).paths;
    const expected: Record<keyof typeof SCAN_RESULT_REVIEW_PATHS, string[]> = {
      images: ['get'],
      slice: ['get'],
      comparison: ['get'],
      difference: ['get'],
      reference: ['delete', 'get', 'put'],
      referenceEvaluation: ['get'],
    };
    for (const [name, verbs] of Object.entries(expected)) {
      const path = `${API_PREFIX}/${SCAN_RESULT_REVIEW_PATHS[name as keyof typeof SCAN_RESULT_REVIEW_PATHS]}`;
      expect(Object.keys(paths[path] ?? {}).sort(), path).toEqual(verbs);
      for (const operation of Object.values(paths[path] ?? {}))
        expect(operation.summary, path).toMatch(/\w+/);
    }
  });
});

describe.each(databases)('reference scans of a shared (global) module, per organisation, on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'each organisation’s teacher marks their own reference; a platform administrator’s is the fallback',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const ids = await publishedProgram(
        t.app,
        world.platformHeaders,
        {
          title: 'Shared knee',
          enrollment: 'open',
          global: true,
          assignedClientIds: [world.a.clientId, world.b.clientId],
        },
        { anatomicalModelId: 2, sequenceTypes: [5, 2, 6], backend: 'cpusim' },
      );
      const shared = { ...world, ...ids };
      const refUrl = `v1/modules/${ids.labId}/reference`;
      const aTeacher = await keptScan(t.app, shared, world.a.teacherHeaders);
      const bTeacher = await keptScan(t.app, shared, world.b.teacherHeaders);
      const admin = await keptScan(t.app, shared, world.platformHeaders);
      expect(
        (await call(t.app, 'PUT', refUrl, world.a.teacherHeaders, { scanResultId: aTeacher.id })).status,
      ).toBe(200);
      // Organisation B has none of its own yet: the platform administrator's applies once marked.
      expect((await call(t.app, 'GET', refUrl, world.b.teacherHeaders)).body).toEqual({
        reference: null,
        canMark: true,
      });
      expect(
        (await call(t.app, 'PUT', refUrl, world.platformHeaders, { scanResultId: admin.id })).status,
      ).toBe(200);
      const applies = async (h: Headers) =>
        ((await call(t.app, 'GET', refUrl, h)).body as { reference: { scanResultId: string } }).reference
          .scanResultId;
      expect(await applies(world.b.teacherHeaders)).toBe(admin.id);
      expect(await applies(world.a.teacherHeaders)).toBe(aTeacher.id);
      // B's own reference replaces the fallback for B only.
      expect(
        (await call(t.app, 'PUT', refUrl, world.b.teacherHeaders, { scanResultId: bTeacher.id })).status,
      ).toBe(200);
      expect(await applies(world.b.teacherHeaders)).toBe(bTeacher.id);
      expect(await applies(world.a.teacherHeaders)).toBe(aTeacher.id);
      // A scan result of another module cannot be this module's reference.
      const other = await keptScan(t.app, world, world.a.teacherHeaders);
      const wrong = await refused(t.app, t.db, 'PUT', refUrl, world.a.teacherHeaders, {
        scanResultId: other.id,
      });
      expect(wrong.status).toBe(400);
      expect(errorOf(wrong.body).validation).toEqual({ scanResultId: 'module' });
    },
    SLOW,
  );
});
