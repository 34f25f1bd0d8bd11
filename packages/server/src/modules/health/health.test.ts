/**
 * GET /api/health is exempt from the rate limits (issue 19 item 10): a load balancer or monitor behind one
 * address (a proxy without TRUST_PROXY, a load test) must keep seeing a healthy server as healthy. Being
 * unlimited, it stays cheap: concurrent probes share one database query.
 */
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from '../../test/helper.ts';
import { sharedProbe } from './routes.ts';

/** The general per-address limit of these tests [calls per minute]: small, so it is reached at once. */
const LIMIT = 5;

describe.each(databases)('GET /api/health under the rate limits on %s', (kind) => {
  const t = useTestApp(kind, { rateLimitPerMinute: LIMIT });

  it('answers 200 to many calls from one address while the other calls from it answer 429', async () => {
    const other = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/module-options' })).statusCode;
    const before: number[] = [];
    for (let i = 0; i <= LIMIT; i++) before.push(await other());
    // Past the limit (unauthenticated: 401 until then), the other calls answer 429 with the error body.
    expect(before.slice(0, LIMIT).every((status) => status === 401)).toBe(true);
    expect(before[LIMIT]).toBe(429);
    const limited = await t.app.inject({ method: 'GET', url: '/api/v1/module-options' });
    expect(limited.json()).toMatchObject({ error: { cause: 'rate_limited' } });

    for (let i = 0; i < 10 * LIMIT; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode, `health call ${i + 1}`).toBe(200);
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    expect(await other()).toBe(429);
  });
});

describe('sharedProbe', () => {
  it('runs one probe for calls that overlap it, and a new one for a call after it settled', async () => {
    let runs = 0;
    let release = (): void => undefined;
    const probe = sharedProbe(async () => {
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return runs;
    });
    const overlapping = Array.from({ length: 20 }, () => probe());
    release();
    expect(await Promise.all(overlapping)).toEqual(Array.from({ length: 20 }, () => 1));
    const next = probe();
    release();
    expect(await next).toBe(2);
    expect(runs).toBe(2);
  });

  it('lets a failure reach every overlapping caller, and probes again afterwards', async () => {
    let runs = 0;
    const probe = sharedProbe(async () => {
      runs += 1;
      if (runs === 1) throw new Error('database unreachable');
      return 'ok';
    });
    const results = await Promise.allSettled([probe(), probe()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await probe()).toBe('ok');
  });
});
