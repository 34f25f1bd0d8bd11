import { ERROR_CODES, errorBodySchema } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, requireRole } from './plugins/auth.ts';
import { bearer, createUser, tokenFor } from './test/fixtures.ts';
import { databases, postRaw, useTestApp } from './test/helper.ts';
import { algNoneToken, tamperedToken } from './test/tokens.ts';

describe.each(databases)('app foundation on %s', (kind) => {
  const t = useTestApp(kind);

  /** Routes used only by these tests, to exercise the plugins independently of any module. */
  function addProbeRoutes(): void {
    const app = t.app.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/probe/echo',
      { schema: { body: z.object({ name: z.string().max(5), age: z.number().int() }) } },
      async (request) => request.body,
    );
    app.get('/api/probe/signed-in', { preHandler: authenticate }, async (request) => ({
      uid: request.auth?.userId,
    }));
    app.get('/api/probe/admin', { preHandler: requireRole('Admin') }, async () => ({ ok: true }));
  }

  it('GET /api/health answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers security headers from helmet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("lets the app compile the engine's WebAssembly but never eval JavaScript (script-src)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const directives = String(res.headers['content-security-policy']).split(';');
    expect(directives.find((d) => d.startsWith('script-src '))).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directives.filter((d) => d.includes("'unsafe-eval'"))).toEqual([]);
  });

  it('an unknown API route answers 404 in the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.cause).toBe('not_found');
  });

  it('malformed JSON answers 400 with the error body', async () => {
    addProbeRoutes();
    const res = await postRaw(t, '/api/probe/echo', 'application/json', '{"name": ');
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error).toMatchObject({
      code: ERROR_CODES.BAD_REQUEST,
      cause: 'malformed_json',
    });
  });

  it('a JSON body over 1 MiB answers 413', async () => {
    addProbeRoutes();
    const res = await postRaw(
      t,
      '/api/probe/echo',
      'application/json',
      JSON.stringify({ name: 'x'.repeat(1_100_000), age: 1 }),
    );
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json()).error.cause).toBe('payload_too_large');
  });

  it('schema validation answers 400 with a {field: rule} map', async () => {
    addProbeRoutes();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { name: 'toolong', age: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        message: 'Invalid request',
        code: ERROR_CODES.BAD_REQUEST,
        cause: 'validation',
        validation: { name: 'max', age: 'type' },
      },
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/probe/echo', payload: {} });
    expect(missing.json().error.validation).toEqual({ name: 'required', age: 'required' });
  });

  it('a valid token is accepted and sets the caller', async () => {
    addProbeRoutes();
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/probe/signed-in',
      headers: bearer(await tokenFor(user)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uid: user.id });
  });

  it('missing, expired, tampered and alg:none tokens answer 401 with code INVALID_TOKEN', async () => {
    addProbeRoutes();
    const user = await createUser(t.db);
    const valid = await tokenFor(user);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const forged = [
      undefined,
      await tokenFor(user, -10),
      tamperedToken(valid, { uid: user.id, scope: 'Admin', exp, identity: null }),
      algNoneToken({ uid: user.id, scope: 'Admin', exp, identity: null }),
      'not-a-jwt',
    ];
    for (const token of forged) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/probe/admin',
        headers: token === undefined ? {} : bearer(token),
      });
      expect(res.statusCode, String(token)).toBe(401);
      expect(errorBodySchema.parse(res.json()).error.code).toBe(ERROR_CODES.INVALID_TOKEN);
    }
  });

  it('a token of a deactivated user answers 401', async () => {
    addProbeRoutes();
    const user = await createUser(t.db, { status: 'deactivated' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/probe/signed-in',
      headers: bearer(await tokenFor(user)),
    });
    expect(res.statusCode).toBe(401);
  });

  it('requireRole answers 403 with code NOT_AUTHORIZED to a role it does not list', async () => {
    addProbeRoutes();
    const student = await createUser(t.db, { role: 'Student' });
    const teacher = await createUser(t.db, { role: 'Teacher' });
    const admin = await createUser(t.db, { role: 'Admin' });
    for (const user of [student, teacher]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/probe/admin',
        headers: bearer(await tokenFor(user)),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe(ERROR_CODES.NOT_AUTHORIZED);
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/probe/admin',
      headers: bearer(await tokenFor(admin)),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('serves the OpenAPI document at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
  });
});
