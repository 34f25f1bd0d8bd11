import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/helper.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every call of platform-shell.md §7, method and path exactly as the client sends them, under /api. */
const SPEC_CALLS: [Method, string][] = [
  ['POST', '/api/refresh-token'],
  ['POST', '/api/login'],
  ['POST', '/api/v2/users/register'],
  ['GET', '/api/v2/users/activate/:token'],
  ['POST', '/api/forgot-password'],
  ['POST', '/api/forgot-username'],
  ['POST', '/api/reset-password'],
  ['POST', '/api/maintenance'],
  ['GET', '/api/health'],
  ['GET', '/api/v2/assets/signed-cookie'],
  ['GET', '/api/me/'],
  ['POST', '/api/me/change-password'],
  ['PUT', '/api/me/terms'],
  ['GET', '/api/v2/me/identities'],
  ['POST', '/api/v2/me/identities/:id/switch'],
  ['GET', '/api/v1/users/'],
  ['GET', '/api/v1/users/:id'],
  ['PATCH', '/api/v1/users/:id'],
  ['POST', '/api/v1/users/'],
  ['DELETE', '/api/v1/users/:id'],
  ['PATCH', '/api/v1/users/'],
  ['PUT', '/api/v1/users/'],
  ['POST', '/api/v1/users/import'],
];

describe('the calls of platform-shell.md §7', () => {
  const t = useTestApp('sqlite');

  it('each is routed with its exact method and path under /api (no credentials: 200, 400 or 401, never 404)', async () => {
    const answers: string[] = [];
    for (const [method, path] of SPEC_CALLS) {
      const url = path.replace(':token', 'x').replace(':id', crypto.randomUUID());
      const res = await t.app.inject({ method, url });
      answers.push(`${method} ${path} ${res.statusCode}`);
    }
    expect(answers.filter((answer) => / (404|405)$/.test(answer))).toEqual([]);
    // The same paths with a method the spec does not name are not routed.
    const wrong = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(wrong.statusCode).toBe(404);
  });
});
