/**
 * Attack suite (issue 8 item 9), for calls that do not exist yet as much as for those that do: every
 * operation of the OpenAPI document refuses NUL in its query and (for writes) in its JSON body with 400,
 * before authentication and validation, so no module's text can carry NUL to PostgreSQL (which answered 500).
 */
import crypto from 'node:crypto';
import { CONTROL_CHARACTER_RULE } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp, writesNothing } from '../helper.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

describe.each(databases)('NUL in any call on %s', (kind) => {
  const t = useTestApp(kind, { authRateLimitPerMinute: 0 });

  it('every documented operation answers 400 (rule control) to NUL in its query or body, writing nothing', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = docs.json().paths as Record<string, Record<string, unknown>>;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase() as Method,
        url: path.replace(/\{[^}]+\}/g, () => crypto.randomUUID()),
      })),
    );
    // The calls of today's modules at the least (the list grows with every module).
    expect(operations.length).toBeGreaterThan(40);
    for (const { method, url } of operations) {
      const probes = [
        { url: `${url}?probe=${encodeURIComponent('a\u0000')}`, field: 'probe' },
        ...(WRITES.has(method) ? [{ url, payload: { probe: 'a\u0000' }, field: 'probe' }] : []),
      ];
      for (const probe of probes) {
        const res = await writesNothing(t.db, () =>
          t.app.inject({
            method,
            url: probe.url,
            ...('payload' in probe ? { payload: probe.payload } : {}),
          }),
        );
        expect(res.statusCode, `${method} ${probe.url}`).toBe(400);
        expect(res.json().error.validation, `${method} ${probe.url}`).toEqual({
          [probe.field]: CONTROL_CHARACTER_RULE,
        });
      }
    }
  });
});
