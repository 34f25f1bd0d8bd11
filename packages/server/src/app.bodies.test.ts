import { errorBodySchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from './test/fixtures.ts';
import { databases, rowCounts, useTestApp } from './test/helper.ts';

/** Every account call that takes a JSON body, and whether it needs a signed-in admin. */
const CALLS_WITH_BODY: { method: 'POST' | 'PUT'; url: string; admin: boolean }[] = [
  { method: 'POST', url: '/api/login', admin: false },
  { method: 'POST', url: '/api/refresh-token', admin: false },
  { method: 'POST', url: '/api/logout', admin: false },
  { method: 'POST', url: '/api/v2/users/register', admin: false },
  { method: 'POST', url: '/api/forgot-password', admin: false },
  { method: 'POST', url: '/api/forgot-username', admin: false },
  { method: 'POST', url: '/api/reset-password', admin: false },
  { method: 'POST', url: '/api/me/change-password', admin: true },
  { method: 'PUT', url: '/api/me/terms', admin: true },
  { method: 'PUT', url: '/api/v1/maintenance', admin: true },
];

describe.each(databases)('request bodies of every account call on %s', (kind) => {
  const t = useTestApp(kind);

  it('malformed JSON answers 400, a body over 1 MiB answers 413, a non-JSON body answers 415; nothing is written', async () => {
    const admin = await createUser(t.db, { role: 'Admin', termsAck: false, firstLogin: true });
    const headers = bearer(await tokenFor(admin));
    const before = await rowCounts(t.db);
    for (const call of CALLS_WITH_BODY) {
      const auth = call.admin ? headers : {};
      const json = { ...auth, 'content-type': 'application/json' };
      const malformed = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: json,
        payload: '{"a": [',
      });
      expect(malformed.statusCode, `${call.url} malformed`).toBe(400);
      expect(errorBodySchema.parse(malformed.json()).error.cause).toBe('malformed_json');
      const huge = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: json,
        payload: JSON.stringify({ padding: 'x'.repeat(1_100_000) }),
      });
      expect(huge.statusCode, `${call.url} huge`).toBe(413);
      const text = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: { ...auth, 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.statusCode, `${call.url} text`).toBe(415);
      expect(errorBodySchema.safeParse(text.json()).success).toBe(true);
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
