/**
 * Starting an attempt (issue 19.6, 19.9): the free plan reaches only modules within it, as the module page says
 * (403, nothing written), and a burst of parallel starts on a one-attempt module answers the one attempt (201
 * once, 200 for the rest) or 409: never 500, never a second attempt.
 */
import { labAttemptSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../test/helper.ts';
import { call, createContentWorld, freeCatalogueWithFlair } from '../content/programs/world.test-support.ts';
import { createSimulatorWorld, errorOf, refused } from '../sessions/world.test-support.ts';

/** Parallel starts of a burst. */
const BURST = 8;

describe.each(databases)('starting an attempt on %s', (kind) => {
  const t = useTestApp(kind);

  it('a free-plan user gets 403 on a module beyond the free plan, as on the module page, and writes nothing', async () => {
    const world = await createContentWorld(t.db);
    const free = await freeCatalogueWithFlair(t.app, world);
    const { paidOnly } = free;
    expect((await call(t.app, 'GET', `v1/modules/${paidOnly}`, world.freeHeaders)).status).toBe(403);
    const refusedStart = await refused(
      t.app,
      t.db,
      'POST',
      `v1/modules/${paidOnly}/attempts`,
      world.freeHeaders,
      {},
    );
    expect(refusedStart.status).toBe(403);
    expect(JSON.stringify(refusedStart.body)).toMatch(/not part of the free plan/);
    const started = await call(t.app, 'POST', `v1/modules/${free.labId}/attempts`, world.freeHeaders, {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
  });

  it('parallel starts on a one-attempt module answer one attempt (201 once, 200 for the rest): never 500', async () => {
    const world = await createSimulatorWorld(t.app, t.db, { attemptsAllowed: 1 });
    const h = world.a.studentHeaders;
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, h, {})),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(answers.map((a) => labAttemptSchema.parse(a.body).id));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom('lab_attempts').select('number').execute();
    expect(rows).toEqual([{ number: 1 }]);
  });

  it('parallel starts once the one attempt is submitted answer 409 with the error body: never 500', async () => {
    const world = await createSimulatorWorld(t.app, t.db, { attemptsAllowed: 1 });
    const h = world.a.studentHeaders;
    const first = await call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, h, {});
    expect(first.status).toBe(201);
    await t.db.updateTable('lab_attempts').set({ state: 'submitted' }).execute();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () => call(t.app, 'POST', `v1/modules/${world.labId}/attempts`, h, {})),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: BURST }, () => 409));
    expect(errorOf(answers[0]?.body).cause).not.toBeNull();
  });
});
