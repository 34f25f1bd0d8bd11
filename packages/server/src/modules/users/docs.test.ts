import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';

describe('the OpenAPI page documents the administration calls', () => {
  const t = useTestApp('sqlite');

  it('lists every user, organisation, group and cohort call with its methods and a summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
    expect(methods('/api/v1/users/')).toEqual(['get', 'patch', 'post', 'put']);
    expect(methods('/api/v1/users/{id}')).toEqual(['delete', 'get', 'patch']);
    expect(methods('/api/v1/users/import')).toEqual(['post']);
    expect(methods('/api/v1/clients/')).toEqual(['get', 'post']);
    expect(methods('/api/v1/clients/{id}')).toEqual(['delete', 'get', 'patch']);
    expect(methods('/api/v1/groups/')).toEqual(['get', 'post']);
    expect(methods('/api/v1/groups/{id}')).toEqual(['delete', 'get', 'patch']);
    expect(methods('/api/v1/groups/{id}/members')).toEqual(['get', 'post']);
    expect(methods('/api/v1/groups/{id}/members/{userId}')).toEqual(['delete']);
    expect(methods('/api/v1/groups/{id}/cohorts')).toEqual(['get', 'post']);
    expect(methods('/api/v1/cohorts/{id}')).toEqual(['delete', 'get', 'patch']);
    expect(methods('/api/v1/cohorts/{id}/members')).toEqual(['get', 'post']);
    expect(methods('/api/v1/cohorts/{id}/members/{userId}')).toEqual(['delete']);
    for (const operations of Object.entries(paths).filter(([path]) =>
      /^\/api\/v1\/(users|clients|groups|cohorts)\//.test(path),
    )) {
      for (const operation of Object.values(operations[1]) as { summary?: string }[]) {
        expect(operation.summary, operations[0]).toMatch(/\w+/);
      }
    }
    const list = paths['/api/v1/users/']?.['get'] as { parameters: { name: string }[] };
    expect(list.parameters.map((p) => p.name).sort()).toEqual([
      'name',
      'order_by',
      'order_dir',
      'page',
      'per_page',
    ]);
  });
});
