import { describe, expect, it } from 'vitest';
import { databases, useTestApp, writesNothing } from '../../test/helper.ts';
import { createWorld } from '../users/world.test-support.ts';

describe.each(databases)('platform-wide administration calls on %s', (kind) => {
  const t = useTestApp(kind);

  it("an organisation administrator gets 403 from the outbox (it holds every user's reset links) and from scheduling maintenance", async () => {
    const world = await createWorld(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: world.b.admin.email },
    });
    await t.app.deferred.settled();
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mail/outbox',
      headers: world.a.adminHeaders,
    });
    expect(outbox.statusCode).toBe(403);
    expect(outbox.json().error.code).toBe(400403);
    const schedule = await writesNothing(t.db, () =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/maintenance',
        headers: world.a.adminHeaders,
        payload: { next_maintenance_at: '2030-06-01T10:30:00Z' },
      }),
    );
    expect(schedule.statusCode).toBe(403);
    const platform = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mail/outbox',
      headers: world.platformHeaders,
    });
    expect(platform.statusCode).toBe(200);
  });
});
