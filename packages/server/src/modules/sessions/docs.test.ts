import { API_PREFIX, SESSION_PATHS } from '@larmor/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper.ts';

describe('the OpenAPI page documents the simulator calls', () => {
  const t = useTestApp('sqlite');

  it('lists every path of SESSION_PATHS with its methods and a summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { summary?: string }>>;
    const expected: Record<keyof typeof SESSION_PATHS, string[]> = {
      sessions: ['post'],
      session: ['get'],
      instanceState: ['get'],
      keepalive: ['get'],
      close: ['put'],
      maxAllowed: ['get'],
      activeSessionsExcluded: ['get'],
      collections: ['get', 'post'],
      pulseSequences: ['get', 'post'],
      pulseSequencesMany: ['post'],
      pulseSequence: ['delete', 'get', 'patch'],
      pulseSequenceMove: ['post'],
      pulseSequenceRun: ['post'],
      pulseSequenceCancel: ['post'],
      pulseSequenceScans: ['get'],
      spatialsDefault: ['get'],
      libraryParameterValues: ['get'],
      libraryConfiguration: ['get'],
      activeSchemas: ['get'],
      configuration: ['post'],
      coils: ['get'],
      events: ['get'],
      scoutImages: ['get'],
      reconstructedImages: ['get'],
      reconstructedSlice: ['get'],
      reconstructedKSpace: ['get'],
      anatomicalModel: ['get'],
      tissueConfiguration: ['get'],
      tissueReset: ['delete'],
      tissueEdit: ['post'],
    };
    for (const [name, verbs] of Object.entries(expected)) {
      const path = `${API_PREFIX}/${SESSION_PATHS[name as keyof typeof SESSION_PATHS]}`;
      expect(Object.keys(paths[path] ?? {}).sort(), path).toEqual(verbs);
      for (const operation of Object.values(paths[path] ?? {}))
        expect(operation.summary, path).toMatch(/\w+/);
    }
  });
});
