import { activeSessionSchema, ERROR_CODES } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, rowCounts } from '../../test/helper.ts';
import { call, createSimulatorWorld, errorOf, useSimulatorApp } from './world.test-support.ts';

describe.each(databases)('POST v1/sessions with instanceId on %s', (kind) => {
  const t = useSimulatorApp(kind, { sessionReapAfterMs: 60_000 });

  it('attaches to the caller’s active session of that module and instance (200, no new row), opens a new one once it has ended', async () => {
    const world = await createSimulatorWorld(t.app, t.db);
    const h = world.a.studentHeaders;
    const body = { labId: world.labId, programId: world.programId, instanceId: 'dev-tab-1' };
    const opened = await call(t.app, 'POST', 'v1/sessions', h, body);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const first = activeSessionSchema.parse(opened.body);
    expect(first.session.instanceId).toBe('dev-tab-1');

    const before = await rowCounts(t.db);
    const attached = await call(t.app, 'POST', 'v1/sessions', h, body);
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(activeSessionSchema.parse(attached.body).session.id).toBe(first.session.id);
    expect(await rowCounts(t.db)).toEqual(before);

    // Another instance id, or none, opens a session of its own.
    const other = await call(t.app, 'POST', 'v1/sessions', h, { ...body, instanceId: 'dev-tab-2' });
    expect(other.status).toBe(201);
    expect(activeSessionSchema.parse(other.body).session.id).not.toBe(first.session.id);

    // Once closed, the instance is not running: its calls answer 700701, and opening it again starts anew.
    expect((await call(t.app, 'PUT', `v1/sessions/${first.session.id}/close`, h)).status).toBe(200);
    const ended = await call(t.app, 'GET', `v1/sessions/${first.session.id}`, h);
    expect(errorOf(ended.body).code).toBe(ERROR_CODES.INSTANCE_NOT_RUNNING);
    const reopened = await call(t.app, 'POST', 'v1/sessions', h, body);
    expect(reopened.status).toBe(201);
    expect(activeSessionSchema.parse(reopened.body).session.id).not.toBe(first.session.id);
  });
});
