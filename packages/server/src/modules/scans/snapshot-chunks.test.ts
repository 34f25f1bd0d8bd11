import { scannerOf } from '@larmor/mri';
import { describe, expect, it } from 'vitest';
import { anatomicalModelOf } from '../content/labs/model-catalogue.ts';
import { defaultConfiguration } from '../sessions/configuration.ts';
import type { SessionContext } from '../sessions/context.ts';
import { defaultSchemeProtocol } from '../sequences/protocol.ts';
import { blochChunksOf, buildSnapshot } from './snapshot.ts';

/** A brain session context on `backend` (a plain value). */
function contextOf(backend: 'censol' | 'cpusim'): SessionContext {
  const model = anatomicalModelOf(1);
  if (!model) throw new Error('no model 1');
  return {
    model,
    configuration: defaultConfiguration(model),
    session: { backend },
    tissueOverrides: [],
  } as unknown as SessionContext;
}

describe('Bloch spin chunks per slice follow the threads the slices leave idle', () => {
  it('a one-slice Bloch scan on 4 threads is split into 4 spin chunks; 3 slices on 7 threads into 2', () => {
    expect(blochChunksOf('censol', 1, 4)).toEqual({ chunksPerSlice: 4 });
    expect(blochChunksOf('censol', 3, 7)).toEqual({ chunksPerSlice: 2 });
  });

  it('one chunk (none named) with one thread, more slices than threads, an unknown worker count (0) or the fast engine', () => {
    expect(blochChunksOf('censol', 1, 1)).toEqual({});
    expect(blochChunksOf('censol', 20, 4)).toEqual({});
    expect(blochChunksOf('censol', 1, 0)).toEqual({});
    expect(blochChunksOf('cpusim', 1, 8)).toEqual({});
  });

  it('at most 16 chunks per slice', () => {
    expect(blochChunksOf('censol', 1, 64)).toEqual({ chunksPerSlice: 16 });
  });

  it('the snapshot of a Bloch run records the chunks; the default (one thread) records none', () => {
    const context = contextOf('censol');
    const scanner = scannerOf(context.configuration);
    const protocol = { ...defaultSchemeProtocol('SE', scanner, false), sliceCount: 1 };
    expect(buildSnapshot(context, protocol, scanner, [], 1, 3).simulation.chunksPerSlice).toBe(3);
    expect(buildSnapshot(context, protocol, scanner, [], 1).simulation.chunksPerSlice).toBeUndefined();
    const fast = contextOf('cpusim');
    expect(buildSnapshot(fast, protocol, scanner, [], 1, 3).simulation.chunksPerSlice).toBeUndefined();
  });
});
