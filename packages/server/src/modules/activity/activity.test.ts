/**
 * Attempt replay (issue 14): GET v1/attempts/{labAttemptId}/timeline lists what the student did in the
 * module's sessions — sequence added, parameters changed old → new, renamed, configuration changed, run and
 * how the scan ended — oldest first, to the student and their organisation's teachers; other organisations'
 * teachers and other students are refused; refused writes log nothing.
 */
import { attemptTimelineSchema, labAttemptSchema, pulseSequenceSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addMembership, createUser } from '../../test/fixtures.ts';
import { databases } from '../../test/helper.ts';
import {
  call,
  createSimulatorWorld,
  errorOf,
  openSession,
  useSimulatorApp,
  type Headers,
  studentSession,
} from '../sessions/world.test-support.ts';
import { finishedScan, startAttempt } from '../scan-results/world.test-support.ts';
import { headersAs } from '../users/world.test-support.ts';

const SLOW = 120_000;
const SCAN_TIMEOUT_MS = 60_000;

describe.each(databases)('attempt timeline on %s', (kind) => {
  const t = useSimulatorApp(kind, { scanThreads: 1 });

  it(
    'the teacher reads the student’s session activity in order, old → new values included; others are refused',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const h = world.a.studentHeaders;
      const attempt = await startAttempt(t.app, world.labId, h);

      const active = await openSession(t.app, world, h);
      const base = `v1/sessions/${active.session.id}`;
      const created = await call(t.app, 'POST', `${base}/pulse-sequences`, h, {
        pulseSequenceSchemeId: 5,
        name: 'Tiny SE',
        collectionId: active.collections[0]?.id,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const sequence = pulseSequenceSchema.parse(created.body);
      const url = `${base}/pulse-sequences/${sequence.id}`;
      const small = await call(t.app, 'PATCH', url, h, {
        parameters: { matrixRead: 32, matrixPhase: 32, sliceCount: 1 },
      });
      expect(small.status, JSON.stringify(small.body)).toBe(200);
      // A refused change (TE beyond its limit) logs nothing.
      expect((await call(t.app, 'PATCH', url, h, { parameters: { echoTime: 5 } })).status).toBe(400);
      const te = await call(t.app, 'PATCH', url, h, { parameters: { echoTime: 0.08 }, name: 'T2 SE' });
      expect(te.status, JSON.stringify(te.body)).toBe(200);
      const run = await call(t.app, 'POST', `${url}/run`, h);
      expect(run.status, JSON.stringify(run.body)).toBe(202);
      const deadline = Date.now() + SCAN_TIMEOUT_MS;
      for (;;) {
        const s = pulseSequenceSchema.parse((await call(t.app, 'GET', url, h)).body);
        if (s.status === 'finished') break;
        if (s.status !== 'running' || Date.now() > deadline) throw new Error(`scan ended ${s.status}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await call(t.app, 'PUT', `${base}/close`, h)).status).toBe(200);

      const timelineUrl = `v1/attempts/${attempt.id}/timeline`;
      const read = await call(t.app, 'GET', timelineUrl, world.a.teacherHeaders);
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      const timeline = attemptTimelineSchema.parse(read.body);
      expect(timeline.labAttemptId).toBe(attempt.id);
      expect(timeline.entries.map((e) => e.kind)).toEqual([
        'sessionOpened',
        'sequenceAdded',
        'parametersChanged',
        'sequenceRenamed',
        'parametersChanged',
        'scanRun',
        'scanFinished',
        'sessionClosed',
      ]);
      const times = timeline.entries.map((e) => e.at);
      expect([...times].sort()).toEqual(times);
      const [, added, matrix, renamed, echo, ran] = timeline.entries;
      expect(added).toMatchObject({ pulseSequenceId: sequence.id, summary: 'Added “Tiny SE”' });
      expect(matrix?.changes.map((c) => c.name).sort()).toEqual(
        ['matrixPhase', 'matrixRead', 'sliceCount'].filter((n) => n in sequence.parameters).sort(),
      );
      expect(renamed?.summary).toBe('Renamed “Tiny SE” to “T2 SE”');
      const oldTe = `${+(sequence.parameters.echoTime * 1000).toFixed(2)} ms`;
      expect(echo?.changes).toEqual([{ name: 'echoTime', label: 'TE', from: oldTe, to: '80 ms' }]);
      expect(ran).toMatchObject({ pulseSequenceId: sequence.id, summary: 'Ran “T2 SE”' });
      expect(new Set(timeline.entries.map((e) => e.sessionId))).toEqual(new Set([active.session.id]));

      // The student reads their own; the platform administrator too.
      expect((await call(t.app, 'GET', timelineUrl, h)).body).toEqual(read.body);
      expect((await call(t.app, 'GET', timelineUrl, world.platformHeaders)).status).toBe(200);
      // Another organisation's teacher, another student of the same organisation: 403 with the error body.
      const classmate = await createUser(t.db, { username: 'alpha-classmate', role: 'Student' });
      const identity = await addMembership(t.db, classmate.id, world.a.clientId, 'Student');
      const refusedTo: Headers[] = [
        world.b.teacherHeaders,
        world.b.adminHeaders,
        await headersAs(classmate, 'Student', identity),
      ];
      for (const headers of refusedTo) {
        const res = await call(t.app, 'GET', timelineUrl, headers);
        expect(res.status).toBe(403);
        expect(errorOf(res.body).code).toEqual(expect.any(Number));
      }
      const unknown = await call(t.app, 'GET', `v1/attempts/${crypto.randomUUID()}/timeline`, h);
      expect(unknown.status).toBe(404);
      expect(errorOf(unknown.body).code).toEqual(expect.any(Number));
      expect((await call(t.app, 'GET', 'v1/attempts/not-an-id/timeline', h)).status).toBe(400);
      expect((await call(t.app, 'GET', timelineUrl, {} as Headers)).status).toBe(401);
    },
    SLOW,
  );

  it(
    'a configuration change is logged old → new; scanning before the attempt is started belongs to it',
    async () => {
      const { world, h, active } = await studentSession(t.app, t.db);
      const item = active.configuration.find((c) => c.name === 'slice_box_view');
      expect(item).toBeDefined();
      const next = item?.selectedValue === 1 ? 0 : 1;
      const changed = await call(t.app, 'POST', `v1/sessions/${active.session.id}/configuration`, h, {
        configurationId: 'slice_box_view',
        value: next,
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      // Scanning before the attempt is started belongs to the first attempt.
      const started = await call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, h, {});
      const attempt = labAttemptSchema.parse(started.body);
      const timeline = attemptTimelineSchema.parse(
        (await call(t.app, 'GET', `v1/attempts/${attempt.id}/timeline`, world.a.teacherHeaders)).body,
      );
      expect(timeline.entries.map((e) => e.kind)).toEqual(['sessionOpened', 'configurationChanged']);
      expect(timeline.entries[1]?.changes).toEqual([
        {
          name: 'slice_box_view',
          label: 'slice_box_view',
          from: String(item?.selectedValue),
          to: String(next),
        },
      ]);
    },
    SLOW,
  );

  it(
    'an attempt ends at its submission: later moves and planning changes belong to the next attempt',
    async () => {
      const world = await createSimulatorWorld(t.app, t.db);
      const h = world.a.studentHeaders;
      const timelineOf = async (id: string) => {
        const res = await call(t.app, 'GET', `v1/attempts/${id}/timeline`, world.a.teacherHeaders);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return attemptTimelineSchema.parse(res.body).entries;
      };
      const { sessionId, scanId } = await finishedScan(t.app, world, h);
      const kept = await call(t.app, 'POST', 'v1/scan-results', h, { scanId });
      expect(kept.status, JSON.stringify(kept.body)).toBe(201);
      const first = labAttemptSchema.parse(
        (await call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, h, {})).body,
      );
      const submitted = await call(t.app, 'POST', `v1/attempts/${first.id}/submit`, h, {
        scanResultIds: [kept.body?.['id']],
        answers: {},
      });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      const before = await timelineOf(first.id);
      expect(before.map((e) => e.kind)).toEqual([
        'sessionOpened',
        'sequenceAdded',
        'parametersChanged',
        'scanRun',
        'scanFinished',
      ]);

      // After the submission: a second sequence, moved first, and a new slice position of the first.
      const base = `v1/sessions/${sessionId}/pulse-sequences`;
      const [original] = z.array(pulseSequenceSchema).parse((await call(t.app, 'GET', base, h)).body);
      if (!original) throw new Error('no sequence');
      const added = await call(t.app, 'POST', base, h, {
        pulseSequenceSchemeId: 5,
        name: 'Second',
        collectionId: original.collectionId,
      });
      const second = pulseSequenceSchema.parse(added.body);
      expect((await call(t.app, 'POST', `${base}/${second.id}/move`, h, { position: 1 })).status).toBe(200);
      const [x, y, z0] = original.spatials.center;
      const moved = await call(t.app, 'PATCH', `${base}/${original.id}`, h, {
        spatials: { ...original.spatials, center: [x, y, z0 + 0.01] },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);

      expect(await timelineOf(first.id)).toEqual(before);
      const next = labAttemptSchema.parse(
        (await call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, h, {})).body,
      );
      expect(next.number).toBe(2);
      const entries = await timelineOf(next.id);
      expect(entries.map((e) => e.kind)).toEqual(['sequenceAdded', 'sequenceMoved', 'planningChanged']);
      expect(entries[1]?.summary).toBe('Moved “Second” from position 2 to 1');
      expect(entries[2]?.changes).toEqual([
        {
          name: 'center',
          label: 'Slice position',
          from: `(${[x, y, z0].map((v) => `${+(v * 1000).toFixed(2)} mm`).join(', ')})`,
          to: `(${[x, y, z0 + 0.01].map((v) => `${+(v * 1000).toFixed(2)} mm`).join(', ')})`,
        },
      ]);
    },
    SLOW,
  );
});
