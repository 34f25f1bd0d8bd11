import { readFile } from 'node:fs/promises';
import * as contracts from '@larmor/contracts';
import { API_PREFIX } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { DOCS_PATH } from './plugins/docs.ts';
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

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const METHOD_LIST = /^(?:GET|POST|PUT|PATCH|DELETE)(?:\s*\/\s*(?:GET|POST|PUT|PATCH|DELETE))*$/;
/** A code span naming a call: `GET v1/users/{id}`, `GET/PUT v1/modules/{labId}/reference {body}`, `/api/me/`. */
const CALL_SPAN =
  /^(?:((?:GET|POST|PUT|PATCH|DELETE)(?:\s*\/\s*(?:GET|POST|PUT|PATCH|DELETE))*)\s+)?(?:\/api)?\/?([\w{}.-][\w{}./-]*)/;

/** `v1/programs/{programId}` → `v1/programs/{}`: prose may call a path's parameters otherwise than its table. */
const shapeOf = (path: string) => path.replace(/\{\w+\}/g, '{}');
const methodsIn = (list: string) => list.split('/').map((method) => method.trim() as Method);

/**
 * The calls docs/api.md documents: each path mentioned in a code span (relative to /api, parameters as `{}`)
 * with the methods the docs give it, in the span (`POST v1/…`) or in its table row's method cell (`GET / PATCH`).
 */
function documentedCalls(markdown: string): Map<string, Set<Method>> {
  const calls = new Map<string, Set<Method>>();
  for (const line of markdown.split('\n')) {
    const cells = line.startsWith('|') ? line.split(/(?<!\\)\|/).map((cell) => cell.trim()) : [line];
    const methodCell = cells.findIndex((cell) => METHOD_LIST.test(cell));
    cells.forEach((cell, index) => {
      for (const [, span = ''] of cell.matchAll(/`([^`]+)`/g)) {
        const call = CALL_SPAN.exec(span);
        if (!call) continue;
        const [, spanMethods, path = ''] = call;
        const rowMethods =
          methodCell >= 0 && index === methodCell + 1 ? methodsIn(cells[methodCell] ?? '') : [];
        const methods = calls.get(shapeOf(path)) ?? new Set<Method>();
        for (const method of spanMethods ? methodsIn(spanMethods) : rowMethods) methods.add(method);
        calls.set(shapeOf(path), methods);
      }
    });
  }
  return calls;
}

/** Every `*_PATHS` table of @larmor/contracts, by name. */
const PATH_TABLES = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, Record<string, string>] => entry[0].endsWith('_PATHS'),
);

describe('the path tables, the routes and docs/api.md agree', () => {
  const t = useTestApp('sqlite');

  it('every path of every *_PATHS table is routed, and every routed call comes from a table and is documented', async () => {
    const docs = documentedCalls(await readFile(new URL('../../../docs/api.md', import.meta.url), 'utf8'));
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const openApi = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    /** The calls the app routes under /api: path relative to /api with `{name}` parameters → methods. */
    const routed = new Map(
      Object.entries(openApi)
        .filter(([path]) => path.startsWith(`${API_PREFIX}/`) && !path.startsWith(DOCS_PATH))
        .map(([path, operations]) => [
          path.slice(API_PREFIX.length + 1),
          Object.keys(operations)
            .map((method) => method.toUpperCase() as Method)
            .filter((method) => METHODS.includes(method))
            .sort(),
        ]),
    );
    const tabled = new Map<string, string>();
    const problems: string[] = [];
    for (const [table, paths] of PATH_TABLES) {
      for (const [name, path] of Object.entries(paths)) {
        if (tabled.has(path)) problems.push(`${table}.${name}: ${path} is also ${tabled.get(path)}`);
        tabled.set(path, `${table}.${name}`);
        if (!routed.has(path)) problems.push(`${table}.${name}: ${path} is not routed`);
      }
    }
    for (const [path, methods] of routed) {
      if (!tabled.has(path)) problems.push(`${methods.join(', ')} ${path}: routed but in no *_PATHS table`);
      const documented = docs.get(shapeOf(path));
      if (!documented) problems.push(`${path}: routed but not in docs/api.md`);
      else if (documented.size > 0 && methods.join() !== [...documented].sort().join()) {
        problems.push(
          `${path}: routed ${methods.join(', ')}, documented ${[...documented].sort().join(', ')}`,
        );
      }
    }
    expect(problems).toEqual([]);
    expect(routed.size).toBeGreaterThan(100);
  });
});
