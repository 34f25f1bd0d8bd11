import { ACTIVITY_PATHS, API_PREFIX } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';

describe('the OpenAPI page documents the attempt timeline', () => {
  const t = useTestApp('sqlite');

  it('lists GET v1/attempts/{labAttemptId}/timeline with a summary and its answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { summary?: string; responses?: Record<string, unknown> }>
    >;
    const operations = paths[`${API_PREFIX}/${ACTIVITY_PATHS.timeline}`] ?? {};
    expect(Object.keys(operations)).toEqual(['get']);
    expect(operations['get']?.summary).toMatch(/timeline|Attempt replay/i);
    expect(Object.keys(operations['get']?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404']),
    );
  });
});
