/**
 * Issue 21.2: a student reads the module's reference scan, and compares a scan result with it, only after
 * submitting; before that every such call answers 403 and nothing of the reference shows in what they read.
 */
import { moduleReferenceAnswerSchema, scanResultComparisonSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { call, createSimulatorWorld, errorOf, useSimulatorApp } from '../sessions/world.test-support.ts';
import { SUBMIT_FIRST } from './reference-access.ts';
import { keptScan, startAttempt } from './world.test-support.ts';

const SLOW = 180_000;

describe.each(databases)('the reference scan before and after a student submits, on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'a student gets 403 for the reference and the comparison until they submit; then only for what they submitted',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const student = world.a.studentHeaders;
      const teacher = world.a.teacherHeaders;
      const refUrl = `v1/modules/${world.labId}/reference`;
      const reference = await keptScan(t.app, world, teacher, { echoTime: 0.03 });
      const marked = await call(t.app, 'PUT', refUrl, teacher, { scanResultId: reference.id });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
      const submittedResult = await keptScan(t.app, world, student);
      const laterResult = await keptScan(t.app, world, student);
      const compareUrl = (id: string) => `v1/scan-results/${id}/comparison`;

      /** Every call of the reference is refused to the student, and no answer they read names the reference. */
      const refusedToStudent = async (attemptId?: string) => {
        for (const url of [
          refUrl,
          compareUrl(submittedResult.id),
          `${compareUrl(submittedResult.id)}/difference`,
        ]) {
          const res = await call(t.app, 'GET', url, student);
          expect(res.status, url).toBe(403);
          expect(errorOf(res.body).code).toBe(400403);
          expect(JSON.stringify(res.body)).toContain(SUBMIT_FIRST);
        }
        const read = [`v1/modules/${world.labId}`, `v1/scan-results/${submittedResult.id}`];
        if (attemptId !== undefined) read.push(`v1/attempts/${attemptId}`);
        for (const url of read) {
          const res = await call(t.app, 'GET', url, student);
          expect(res.status, url).toBe(200);
          expect(JSON.stringify(res.body), url).not.toContain(reference.id);
        }
      };

      await refusedToStudent();
      // An attempt in progress is not enough.
      const attemptId = (await startAttempt(t.app, world.labId, student)).id;
      await refusedToStudent(attemptId);
      // The module's staff read both at any time.
      for (const staff of [teacher, world.a.adminHeaders]) {
        const ref = await call(t.app, 'GET', refUrl, staff);
        expect(moduleReferenceAnswerSchema.parse(ref.body)).toMatchObject({
          reference: { scanResultId: reference.id },
          canMark: true,
        });
        const comparison = await call(t.app, 'GET', compareUrl(submittedResult.id), staff);
        expect(comparison.status, JSON.stringify(comparison.body)).toBe(200);
      }

      const submitted = await call(t.app, 'POST', `v1/attempts/${attemptId}/submit`, student, {
        scanResultIds: [submittedResult.id],
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

      const ref = await call(t.app, 'GET', refUrl, student);
      expect(ref.status, JSON.stringify(ref.body)).toBe(200);
      expect(moduleReferenceAnswerSchema.parse(ref.body)).toEqual({
        reference: expect.objectContaining({ scanResultId: reference.id }),
        canMark: false,
      });
      const compared = await call(t.app, 'GET', compareUrl(submittedResult.id), student);
      expect(compared.status, JSON.stringify(compared.body)).toBe(200);
      const comparison = scanResultComparisonSchema.parse(compared.body);
      expect(comparison.reference?.scanResultId).toBe(reference.id);
      expect(comparison.parameters.map((p) => p.parameter)).toEqual(['echoTime']);
      if (!comparison.differenceMap?.available) throw new Error('no difference map');
      const map = await t.app.inject({ method: 'GET', url: comparison.differenceMap.url, headers: student });
      expect(map.statusCode).toBe(200);
      // A scan result kept but not submitted is not compared (it could still be tuned to the reference).
      const later = await call(t.app, 'GET', compareUrl(laterResult.id), student);
      expect(later.status).toBe(403);
      expect(JSON.stringify(later.body)).not.toContain(reference.id);
    },
    SLOW,
  );

  it(
    'another organisation’s teacher and student, and a student of the same organisation, are refused',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const refUrl = `v1/modules/${world.labId}/reference`;
      const reference = await keptScan(t.app, world, world.a.teacherHeaders);
      expect(
        (await call(t.app, 'PUT', refUrl, world.a.teacherHeaders, { scanResultId: reference.id })).status,
      ).toBe(200);
      for (const stranger of [world.b.teacherHeaders, world.b.studentHeaders, world.a.studentHeaders]) {
        const res = await call(t.app, 'GET', refUrl, stranger);
        expect(res.status).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain(reference.id);
        // The reference itself, the teacher's scan result, is theirs and their organisation's staff's only.
        const own = await call(t.app, 'GET', `v1/scan-results/${reference.id}/comparison`, stranger);
        expect(own.status).toBe(403);
      }
    },
    SLOW,
  );
});
