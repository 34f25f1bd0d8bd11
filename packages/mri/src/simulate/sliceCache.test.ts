/**
 * The slice cache (./sliceCache.ts; issue 26 item 5): a scan slice that takes its per-tissue k-spaces and coil map
 * sources from the cache gives the bytes of one computed afresh, for a scan of the same geometry with another
 * contrast and seed; the cache keeps within its budget, lets the least recently used slice go, and starts over
 * for another model.
 */
import { describe, expect, it } from 'vitest';
import { testHeadModel, testProtocol, testTissueAt } from './fast/phantom.testing.ts';
import { prepareSlice } from './fast/prepare.ts';
import { acquisitionFrame, scanGeometry } from './geometry.ts';
import { createSliceCache } from './sliceCache.ts';
import { simulateSlice, type SimulateOptions } from './simulate.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';
import { firstSliceFrame } from './geometry.testing.ts';

const headOf = testHeadModel;
const head = headOf(0);
const scanner = { ...TEST_SCANNER, coil: 'head16' };
const options: SimulateOptions = { tissueAt: testTissueAt, noiseLevel: 1, seed: 42 };
const same = (a: Float32Array, b: Float32Array): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('a scan slice with the slice cache', () => {
  it('gives the same bytes as without it, on the scan that fills it and on the next scan of the geometry', () => {
    const cache = createSliceCache();
    const first = testProtocol({ sliceCount: 3, sliceGap: 0.002 });
    const next = { ...first, echoTime: first.echoTime * 2 };
    for (const [protocol, seed] of [
      [first, 42],
      [next, 7],
    ] as const) {
      for (let index = 0; index < protocol.sliceCount; index++) {
        const cached = simulateSlice(head, protocol, scanner, { ...options, seed, sliceCache: cache }, index);
        const fresh = simulateSlice(head, protocol, scanner, { ...options, seed }, index);
        expect(cached.receiveChannels).toBe(16);
        expect(same(cached.image.magnitude, fresh.image.magnitude)).toBe(true);
        expect(same(cached.kspace.re, fresh.kspace.re)).toBe(true);
        expect(same(cached.kspace.im, fresh.kspace.im)).toBe(true);
      }
    }
    expect(cache.bytes).toBeGreaterThan(0);
  });

  it('builds a geometry once, keeps within its budget and lets the least recently used go', () => {
    // Three geometries with tissue in them: two slices of one protocol, the centre one with phase along rows.
    const protocol = testProtocol({ sliceCount: 3, sliceGap: 0.002 });
    const rows = { ...protocol, phaseDirection: 'row' as const };
    const planes = scanGeometry(protocol).slices;
    const frames = [
      acquisitionFrame(protocol, planes[0] ?? (undefined as never)),
      acquisitionFrame(protocol, planes[1] ?? (undefined as never)),
      acquisitionFrame(rows, scanGeometry(rows).slices[1] ?? (undefined as never)),
    ];
    const builds: number[] = [];
    const build = (i: number) => () => {
      builds.push(i);
      return prepareSlice(head.volume, frames[i] ?? (undefined as never));
    };
    const sizes = frames.map((frame) => {
      const p = prepareSlice(head.volume, frame);
      return [...p.kRe, ...p.kIm].reduce((sum, k) => sum + k.byteLength, 0);
    });
    const [size0 = 0, size1 = 0, size2 = 0] = sizes;
    expect(Math.min(size0, size1, size2)).toBeGreaterThan(0);
    const budget = size0 + Math.max(size1, size2); // slices 0 and 1, or 0 and 2, never all three
    const cache = createSliceCache(budget);
    const a = cache.prepared(head, frames[0] ?? (undefined as never), build(0));
    expect(cache.prepared(head, frames[0] ?? (undefined as never), build(0))).toBe(a);
    cache.prepared(head, frames[1] ?? (undefined as never), build(1));
    cache.prepared(head, frames[0] ?? (undefined as never), build(0)); // 0 most recently used
    cache.prepared(head, frames[2] ?? (undefined as never), build(2)); // lets 1 go
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    cache.prepared(head, frames[0] ?? (undefined as never), build(0));
    cache.prepared(head, frames[1] ?? (undefined as never), build(1));
    expect(builds).toEqual([0, 1, 2, 1]);
  });

  it('starts over for another model, and keeps nothing with a budget of 0', () => {
    const protocol = testProtocol({ sliceCount: 1 });
    const frame = firstSliceFrame(protocol);
    let builds = 0;
    const build = () => {
      builds++;
      return prepareSlice(head.volume, frame);
    };
    const cache = createSliceCache();
    cache.prepared(head, frame, build);
    cache.prepared(headOf(1), frame, build);
    cache.prepared(head, frame, build);
    expect(builds).toBe(3);
    const none = createSliceCache(0);
    none.prepared(head, frame, build);
    none.prepared(head, frame, build);
    expect(builds).toBe(5);
    expect(none.bytes).toBe(0);
  });
});
