import { maintenanceResponseSchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../../test/fixtures.ts';
import { databases, rowCounts, useTestApp } from '../../test/helper.ts';

describe.each(databases)('maintenance on %s', (kind) => {
  const t = useTestApp(kind);

  it('POST maintenance answers null until an admin schedules one, then the scheduled time', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/maintenance' });
    expect(maintenanceResponseSchema.parse(none.json())).toEqual({ next_maintenance_at: null });
    const admin = await createUser(t.db, { role: 'Admin' });
    const headers = bearer(await tokenFor(admin));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/maintenance',
      headers,
      payload: { next_maintenance_at: '2030-06-01T12:30:00+02:00' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ next_maintenance_at: '2030-06-01T10:30:00.000Z' });
    const read = await t.app.inject({ method: 'POST', url: '/api/maintenance' });
    expect(read.json()).toEqual({ next_maintenance_at: '2030-06-01T10:30:00.000Z' });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/maintenance',
      headers,
      payload: { next_maintenance_at: null },
    });
    expect(cleared.json()).toEqual({ next_maintenance_at: null });
  });

  it('bad schedules answer 400 and write nothing', async () => {
    const admin = await createUser(t.db, { role: 'Admin' });
    const headers = bearer(await tokenFor(admin));
    const before = await rowCounts(t.db);
    for (const payload of [
      {},
      { next_maintenance_at: 'tomorrow' },
      { next_maintenance_at: 17 },
      { next_maintenance_at: 'x'.repeat(5000) },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/v1/maintenance', headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.validation).toHaveProperty('next_maintenance_at');
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
