import { ERROR_CODES, pulseSequenceListSchema, pulseSequenceSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/helper.ts';
import { nextSeriesNumber } from '../scans/repository.ts';
import { call, errorOf, refused, studentSession, useSimulatorApp } from '../sessions/world.test-support.ts';
import { UNKNOWN_ID } from '../../test/fixtures.ts';

/** A lease far beyond the test, so no process takes the hand-made running scan over. */
const FAR_LEASE = '2999-01-01T00:00:00.000Z';

describe.each(databases)('DELETE v1/sessions/{sessionId}/pulse-sequences/{id} on %s', (kind) => {
  const t = useSimulatorApp(kind);

  /** A session with three sequences A, B, C (seqnums 1, 2, 3). */
  async function sessionWithThree() {
    const { world, h, active } = await studentSession(t.app, t.db);
    const sessionId = active.session.id;
    const collectionId = active.collections[0]?.id ?? '';
    const res = await call(t.app, 'POST', `v1/sessions/${sessionId}/pulse-sequences-many`, h, {
      pulseSequences: ['A', 'B', 'C'].map((name) => ({ pulseSequenceSchemeId: 5, name, collectionId })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [a, b, c] = pulseSequenceListSchema.parse(res.body);
    if (!a || !b || !c) throw new Error('three sequences expected');
    return { world, h, sessionId, a, b, c };
  }

  /** Stores a scan of `pulseSequenceId` in `status` with one image blob, as the runner would. */
  async function storedScan(sessionId: string, pulseSequenceId: string, status: 'finished' | 'running') {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await t.db
      .insertInto('sim_scans')
      .values({
        id,
        session_id: sessionId,
        pulse_sequence_id: pulseSequenceId,
        snapshot: '{}',
        seed: 1,
        status,
        progress: status === 'finished' ? 100 : 10,
        error_message: null,
        result: null,
        created_at: now,
        finished_at: status === 'finished' ? now : null,
        lease_until: status === 'running' ? FAR_LEASE : null,
        series_number: await nextSeriesNumber(t.db, sessionId),
      })
      .execute();
    if (status === 'finished') {
      await t.app.simulator.blobs.put(`scans/${id}/image-0.f32`, new Uint8Array(16));
    }
    return id;
  }

  it('removes the sequence with its scans and images and renumbers the others 1…n', async () => {
    const { h, sessionId, a, b, c } = await sessionWithThree();
    const scanId = await storedScan(sessionId, b.id, 'finished');
    const res = await call(t.app, 'DELETE', `v1/sessions/${sessionId}/pulse-sequences/${b.id}`, h);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = pulseSequenceListSchema.parse(res.body);
    expect(list.map((s) => [s.id, s.seqnum])).toEqual([
      [a.id, 1],
      [c.id, 2],
    ]);
    const read = await call(t.app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${b.id}`, h);
    expect(read.status).toBe(404);
    const scans = await t.db.selectFrom('sim_scans').select('id').where('id', '=', scanId).execute();
    expect(scans).toEqual([]);
    expect(await t.app.simulator.blobs.list(`scans/${scanId}/`)).toEqual([]);
    const again = pulseSequenceSchema.parse(
      (await call(t.app, 'GET', `v1/sessions/${sessionId}/pulse-sequences/${c.id}`, h)).body,
    );
    expect(again.seqnum).toBe(2);
  });

  it('refuses a running sequence with 409 and changes nothing', async () => {
    const { h, sessionId, a } = await sessionWithThree();
    await storedScan(sessionId, a.id, 'running');
    const res = await refused(t.app, t.db, 'DELETE', `v1/sessions/${sessionId}/pulse-sequences/${a.id}`, h);
    expect(res.status).toBe(409);
    expect(errorOf(res.body).code).toBe(ERROR_CODES.INVALID_DATA);
    expect(JSON.stringify(res.body)).toContain('cancel it first');
  });

  it('only the session’s owner deletes (403), an unknown id answers 404, a closed session 700701; nothing is written', async () => {
    const { world, h, sessionId, a } = await sessionWithThree();
    const url = `v1/sessions/${sessionId}/pulse-sequences/${a.id}`;
    expect((await refused(t.app, t.db, 'DELETE', url, world.b.studentHeaders)).status).toBe(403);
    expect((await refused(t.app, t.db, 'DELETE', url, world.a.teacherHeaders)).status).toBe(403);
    expect((await refused(t.app, t.db, 'DELETE', url, { authorization: '' })).status).toBe(401);
    const unknown = `v1/sessions/${sessionId}/pulse-sequences/${UNKNOWN_ID}`;
    expect((await refused(t.app, t.db, 'DELETE', unknown, h)).status).toBe(404);
    expect((await call(t.app, 'PUT', `v1/sessions/${sessionId}/close`, h)).status).toBe(200);
    const closed = await refused(t.app, t.db, 'DELETE', url, h);
    expect(closed.status).toBe(410);
    expect(errorOf(closed.body).code).toBe(ERROR_CODES.INSTANCE_NOT_RUNNING);
  });
});
