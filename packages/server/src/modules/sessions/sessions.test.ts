import {
  ERROR_CODES,
  SESSION_MAX_ACTIVE,
  activeSessionSchema,
  configurationIdOf,
  configurationItemSchema,
  instanceStateSchema,
  maxAllowedSchema,
  sessionSchema,
} from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databases, rowCounts } from '../../test/helper.ts';
import {
  anotherProgram,
  call,
  createSimulatorWorld,
  errorOf,
  openSession,
  refused,
  useSimulatorApp,
  studentSession,
} from './world.test-support.ts';
import { UNKNOWN_ID } from '../../test/fixtures.ts';

describe.each(databases)('simulator sessions (v1/sessions) on %s', (kind) => {
  const t = useSimulatorApp(kind, { sessionReapAfterMs: 60_000 });

  it('a student opens a session for a module: the active-session payload with configuration, collection "Scan 1" and no sequences', async () => {
    const world = await createSimulatorWorld(t.app, t.db, {
      presets: { noise: 2 },
      lockedPresets: ['noise'],
    });
    const active = await openSession(t.app, world, world.a.studentHeaders);
    expect(active.session).toMatchObject({
      programId: world.programId,
      labId: world.labId,
      backend: 'cpusim',
    });
    expect(active.session.closedAt).toBeNull();
    expect(active.course.id).toBe(world.courseId);
    expect(active.lab).toMatchObject({ id: world.labId, anatomicalModelId: 2 });
    expect(active.collections.map((c) => c.name)).toEqual(['Scan 1']);
    expect(active.pulseSequences).toEqual([]);
    expect(active.regions).toEqual([{ id: 1, name: 'Right knee' }]);
    const noise = active.configuration.find((c) => c.name === 'noise');
    expect(noise).toMatchObject({ id: configurationIdOf('noise'), selectedValue: 2, locked: true });
    expect(active.configuration.find((c) => c.name === 'b0field')?.selectedValue).toBe(1.5);
    const read = await call(t.app, 'GET', `v1/sessions/${active.session.id}`, world.a.studentHeaders);
    expect(read.status).toBe(200);
    expect(activeSessionSchema.parse(read.body).session.id).toBe(active.session.id);
  });

  it('bad input, unknown modules, a module of another program and another organisation’s module write nothing', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const h = world.a.studentHeaders;
    const bad = await refused(t.app, t.db, 'POST', 'v1/sessions', h, {
      labId: 'x',
      programId: world.programId,
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).validation).toMatchObject({ labId: expect.any(String) });
    expect(
      (
        await refused(t.app, t.db, 'POST', 'v1/sessions', h, {
          labId: UNKNOWN_ID,
          programId: world.programId,
        })
      ).status,
    ).toBe(404);
    const other = await anotherProgram(t.app, world.a.teacherHeaders);
    const mixed = await refused(t.app, t.db, 'POST', 'v1/sessions', h, {
      labId: other.labId,
      programId: world.programId,
    });
    expect(mixed.status).toBe(400);
    const foreign = await refused(t.app, t.db, 'POST', 'v1/sessions', world.b.studentHeaders, {
      labId: world.labId,
      programId: world.programId,
    });
    expect(foreign.status).toBe(403);
    const anonymous = { authorization: 'Bearer x' };
    const ids = { labId: world.labId, programId: world.programId };
    expect((await call(t.app, 'POST', 'v1/sessions', anonymous, ids)).status).toBe(401);
  });

  it(`at most ${SESSION_MAX_ACTIVE} sessions are open at once (code 700700); closing one frees a place`, async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const h = world.a.studentHeaders;
    const opened = [];
    for (let i = 0; i < SESSION_MAX_ACTIVE; i++) opened.push(await openSession(t.app, world, h));
    const max = maxAllowedSchema.parse((await call(t.app, 'GET', 'v2/sessions/max-allowed', h)).body);
    expect(max).toEqual({ maxAllowed: SESSION_MAX_ACTIVE, active: SESSION_MAX_ACTIVE });
    const tooMany = await refused(t.app, t.db, 'POST', 'v1/sessions', h, {
      labId: world.labId,
      programId: world.programId,
    });
    expect(tooMany.status).toBe(409);
    expect(errorOf(tooMany.body).code).toBe(ERROR_CODES.TOO_MANY_ACTIVE_SESSIONS);
    const first = opened[0]?.session.id ?? '';
    expect((await call(t.app, 'PUT', `v1/sessions/${first}/close`, h)).status).toBe(200);
    await openSession(t.app, world, h);
  });

  it('closing is idempotent; every call on a closed session answers 700701 (Session expired)', async () => {
    const { h, active } = await studentSession(t.app, t.db);
    const { session } = active;
    const closed = await call(t.app, 'PUT', `v1/sessions/${session.id}/close`, h);
    expect(closed.status).toBe(200);
    const closedAt = sessionSchema.parse(closed.body).closedAt;
    expect(closedAt).not.toBeNull();
    const again = await call(t.app, 'PUT', `v1/sessions/${session.id}/close`, h);
    expect(sessionSchema.parse(again.body).closedAt).toBe(closedAt);
    const calls: [string, string, unknown?][] = [
      ['GET', `v1/sessions/${session.id}`],
      ['GET', `v1/sessions/${session.id}/keepalive`],
      ['GET', `v1/sessions/${session.id}/instance-state`],
      ['GET', `v1/sessions/${session.id}/coils`],
      ['GET', `v1/sessions/${session.id}/pulse-sequences`],
      ['GET', `v2/sessions/${session.id}/pulse-sequences/collections`],
      ['GET', `v1/sessions/${session.id}/active-schemas`],
      ['POST', `v1/sessions/${session.id}/configuration`, { configurationId: 'noise', value: 0 }],
      ['POST', `v2/sessions/${session.id}/pulse-sequences/collections`, {}],
    ];
    for (const [method, url, payload] of calls) {
      const res = await refused(t.app, t.db, method as 'GET', url, h, payload);
      expect(res.status, url).toBe(410);
      expect(errorOf(res.body).code, url).toBe(ERROR_CODES.INSTANCE_NOT_RUNNING);
    }
  });

  it('a session without keepalive is closed by the server (reaper round and lazily on the next call); keepalive keeps it open', async () => {
    const { world, h, active: kept } = await studentSession(t.app, t.db);
    const lost = await openSession(t.app, world, h);
    const lazy = await openSession(t.app, world, h);
    const stale = new Date(Date.now() - 120_000).toISOString();
    await t.db.updateTable('sim_sessions').set({ last_keepalive_at: stale }).execute();
    const state = await call(t.app, 'GET', `v1/sessions/${kept.session.id}/instance-state`, h);
    expect(state.status).toBe(410);
    // A fresh keepalive after un-staling one session keeps it.
    await t.db
      .updateTable('sim_sessions')
      .set({ last_keepalive_at: new Date().toISOString(), closed_at: null, close_reason: null })
      .where('id', '=', kept.session.id)
      .execute();
    const alive = await call(t.app, 'GET', `v1/sessions/${kept.session.id}/keepalive`, h);
    expect(alive.status).toBe(200);
    const left = instanceStateSchema.parse(
      (await call(t.app, 'GET', `v1/sessions/${kept.session.id}/instance-state`, h)).body,
    );
    expect(left.state).toBe('running');
    expect(left.expiresInS).toBeGreaterThan(55);
    const reaped = await t.app.simulator.reapNow();
    expect(reaped.sort()).toEqual([lost.session.id, lazy.session.id].sort());
    const rows = await t.db.selectFrom('sim_sessions').select(['id', 'close_reason']).execute();
    expect(rows.find((r) => r.id === lost.session.id)?.close_reason).toBe('reaped');
    expect(rows.find((r) => r.id === kept.session.id)?.close_reason).toBeNull();
  });

  it('a user reaches only their own sessions: another user’s answers 403 and changes nothing', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const { session } = await openSession(t.app, world, world.a.studentHeaders);
    for (const h of [world.a.teacherHeaders, world.b.studentHeaders]) {
      expect((await call(t.app, 'GET', `v1/sessions/${session.id}`, h)).status).toBe(403);
      expect((await refused(t.app, t.db, 'PUT', `v1/sessions/${session.id}/close`, h)).status).toBe(403);
      const change = await refused(t.app, t.db, 'POST', `v1/sessions/${session.id}/configuration`, h, {
        configurationId: 'noise',
        value: 0,
      });
      expect(change.status).toBe(403);
    }
    expect((await call(t.app, 'GET', `v1/sessions/${UNKNOWN_ID}`, world.a.studentHeaders)).status).toBe(404);
  });

  it('me/active-sessions/{labId}/excluded lists the caller’s open sessions of other modules', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const second = await call(t.app, 'POST', `v1/courses/${world.courseId}/modules`, world.a.teacherHeaders, {
      title: 'Knee GRE',
      anatomicalModelId: 2,
      sequenceTypes: [2],
    });
    expect(second.status).toBe(201);
    const h = world.a.studentHeaders;
    await openSession(t.app, world, h);
    const other = await openSession(t.app, { ...world, labId: second.body?.['id'] as string }, h);
    await openSession(t.app, world, world.b.adminHeaders).catch(() => undefined);
    const res = await call(t.app, 'GET', `me/active-sessions/${world.labId}/excluded`, h);
    expect(res.status).toBe(200);
    expect(
      z
        .array(sessionSchema)
        .parse(res.body)
        .map((s) => s.id),
    ).toEqual([other.session.id]);
  });

  it('configuration: a value within the ranges of §5 is kept; out of range, unknown, locked or cpusim-refused answers 400 and changes nothing', async () => {
    const world = await createSimulatorWorld(t.app, t.db, {
      presets: { noise: 2 },
      lockedPresets: ['noise'],
    });
    const h = world.a.studentHeaders;
    const { session } = await openSession(t.app, world, h);
    const url = `v1/sessions/${session.id}/configuration`;
    const ok = await call(t.app, 'POST', url, h, {
      configurationId: configurationIdOf('motion_rot_angle'),
      value: 30,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const items = z.array(configurationItemSchema).parse(ok.body);
    expect(items.find((i) => i.name === 'motion_rot_angle')?.selectedValue).toBe(30);
    const cases: [unknown, string, string][] = [
      [{ configurationId: 'motion_rot_angle', value: 46 }, 'value', 'range'],
      [{ configurationId: 'motion_rot_angle', value: 2.5 }, 'value', 'range'],
      [{ configurationId: 'motion_trans_magn', value: 0.2 }, 'value', 'range'],
      [{ configurationId: 'defaultCardiacPhase', value: 21 }, 'value', 'range'],
      [{ configurationId: 'contrast_volume', value: 31 }, 'value', 'range'],
      [{ configurationId: 'isocenter', value: 'high' }, 'value', 'range'],
      [{ configurationId: 'no_such_setting', value: 1 }, 'configurationId', 'unknown'],
      [{ configurationId: 999, value: 1 }, 'configurationId', 'unknown'],
      [{ configurationId: 'noise', value: 0 }, 'configurationId', 'locked'],
      [{ configurationId: 'b0field', value: 3 }, 'configurationId', 'cpusim'],
      [{ configurationId: 'susceptibility', value: 1 }, 'configurationId', 'cpusim'],
      [{ configurationId: 'coil', value: 'head16' }, 'value', 'coil'],
      [{ configurationId: 'activate_contrast', value: 1 }, 'configurationId', 'contrast'],
    ];
    for (const [payload, field, rule] of cases) {
      const res = await refused(t.app, t.db, 'POST', url, h, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res.body).validation?.[field], JSON.stringify(payload)).toBe(rule);
    }
    expect((await refused(t.app, t.db, 'POST', url, h, { value: 1 })).status).toBe(400);
  });

  it('the censol backend lets the field strength change; the free plan keeps it at 1.5 T', async () => {
    const { world, h, active } = await studentSession(t.app, t.db, { backend: 'censol' });
    const { session } = active;
    const url = `v1/sessions/${session.id}/configuration`;
    expect((await call(t.app, 'POST', url, h, { configurationId: 'b0field', value: 3 })).status).toBe(200);
    expect(
      (await refused(t.app, t.db, 'POST', url, h, { configurationId: 'b0field', value: 2 })).status,
    ).toBe(400);
    const ids = await anotherProgram(
      t.app,
      world.platformHeaders,
      { title: 'Free knee', global: true, freeCatalogue: true },
      { sequenceTypes: [5, 2], backend: 'censol' },
    );
    const freeSession = await openSession(t.app, ids, world.freeHeaders);
    const freeUrl = `v1/sessions/${freeSession.session.id}/configuration`;
    const res = await refused(t.app, t.db, 'POST', freeUrl, world.freeHeaders, {
      configurationId: 'b0field',
      value: 3,
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).validation).toEqual({ value: 'free-plan' });
  });

  it('a free-plan user cannot open a module outside the free plan', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const spine = await anotherProgram(
      t.app,
      world.platformHeaders,
      { title: 'Free?', global: true, freeCatalogue: true },
      { anatomicalModelId: 4, sequenceTypes: [5] },
    );
    const before = await rowCounts(t.db);
    const res = await call(t.app, 'POST', 'v1/sessions', world.freeHeaders, spine);
    expect(res.status).toBe(403);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('coils lists the model’s receive coils', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const { session } = await openSession(t.app, world, world.a.studentHeaders);
    const res = await call(t.app, 'GET', `v1/sessions/${session.id}/coils`, world.a.studentHeaders);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ unique_name: 'knee8', shown_name: 'Knee coil (8 channels)' });
  });
});
