import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';

describe('the OpenAPI page documents the learning-content calls', () => {
  const t = useTestApp('sqlite');

  it('lists every program, course, module, enrolment, catalog and upload call with its methods and a summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
    const methods = (path: string) => Object.keys(paths[path] ?? {}).sort();
    const expected: Record<string, string[]> = {
      '/api/v1/programs': ['get', 'post'],
      '/api/v1/programs/{programId}': ['delete', 'get', 'patch'],
      '/api/v1/programs/{programId}/publish': ['post'],
      '/api/v1/programs/{programId}/archive': ['post'],
      '/api/v1/programs/{programId}/course-order': ['put'],
      '/api/v1/programs/{programId}/courses': ['post'],
      '/api/v1/programs/{programId}/enrollments': ['get', 'post'],
      '/api/v1/programs/{programId}/enrollments/{userId}': ['delete'],
      '/api/v1/programs/{programId}/enrollment-candidates': ['get'],
      '/api/v1/programs/{programId}/uploads': ['get', 'post'],
      '/api/v1/courses/{courseId}': ['delete', 'get', 'patch'],
      '/api/v1/courses/{courseId}/modules': ['post'],
      '/api/v1/courses/{courseId}/module-order': ['put'],
      '/api/v1/courses/{courseId}/copy': ['post'],
      '/api/v1/courses/{courseId}/archive': ['post'],
      '/api/v1/modules/{labId}': ['delete', 'get', 'patch'],
      '/api/v1/modules/{labId}/copy': ['post'],
      '/api/v1/modules/{labId}/archive': ['post'],
      '/api/v1/module-options': ['get'],
      '/api/v1/catalog': ['get'],
      '/api/v1/uploads/{uploadId}': ['delete', 'get'],
    };
    for (const [path, verbs] of Object.entries(expected)) {
      expect(methods(path), path).toEqual(verbs);
      for (const operation of Object.values(paths[path] ?? {}))
        expect(operation.summary, path).toMatch(/\w+/);
    }
  });
});
