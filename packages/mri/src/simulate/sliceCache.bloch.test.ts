/**
 * The slice cache's Bloch phantoms (./sliceCache.ts, issue 23): a Bloch spin chunk that takes its slice's phantom
 * from the cache gives the signal bytes of one built afresh; the spin chunks of a slice and the next scan of the
 * same geometry (another TE and seed) take the phantom built once, while another geometry, other tissue values
 * or other phantom settings build their own; a field map keys a phantom by identity, and a budget of 0 keeps none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../anatomy/registry.ts';
import type { AnatomicalModel } from '../anatomy/types.ts';
import { testProtocol, testTissues } from './fast/phantom.testing.ts';
import { createSpinSet } from './bloch/spins.ts';
import type { BlochSignal } from './bloch/scan.ts';
import type { FieldMap3d } from './fieldMap.ts';
import { firstSliceFrame } from './geometry.testing.ts';
import { createSliceCache, type SliceCache } from './sliceCache.ts';
import { assembleScan, runScanPart, scanParts, type PartOutput, type ScanSnapshot } from './snapshot.ts';
import { KNEE_MODEL_ID, testBlochSnapshot } from './snapshot.testing.ts';

let knee: AnatomicalModel;
beforeAll(() => {
  knee = buildModel(KNEE_MODEL_ID);
});

/** A slice cache that counts the phantoms it had to build. */
function countingCache(maxBytes?: number): { cache: SliceCache; builds: () => number } {
  const inner = createSliceCache(maxBytes);
  let builds = 0;
  const cache: SliceCache = {
    prepared: (model, frame, build) => inner.prepared(model, frame, build),
    coilSource: (model, coil, frame, build) => inner.coilSource(model, coil, frame, build),
    phantom: (model, frame, tissues, options, build) =>
      inner.phantom(model, frame, tissues, options, () => {
        builds++;
        return build();
      }),
    get bytes() {
      return inner.bytes;
    },
  };
  return { cache, builds: () => builds };
}

const signalOf = (output: PartOutput): BlochSignal => {
  if (output.kind !== 'spins') throw new Error('not a spin chunk');
  return output.signal;
};

const sameBytes = (a: Float64Array | Float32Array, b: Float64Array | Float32Array): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** Every part of `snapshot` with and without `cache`: answers the parts run with it, having checked the bytes. */
function runBoth(snapshot: ScanSnapshot, cache: SliceCache): PartOutput[] {
  return scanParts(snapshot).map((part) => {
    const cached = runScanPart(snapshot, knee, part, { sliceCache: cache });
    const fresh = runScanPart(snapshot, knee, part);
    const [a, b] = [signalOf(cached).coils[0], signalOf(fresh).coils[0]];
    if (!a || !b) throw new Error('no coil signal');
    expect(a.re.length).toBeGreaterThan(0);
    expect(sameBytes(a.re, b.re) && sameBytes(a.im, b.im)).toBe(true);
    return cached;
  });
}

describe('a Bloch spin chunk with the slice cache', () => {
  it('gives the signal bytes of a phantom built afresh; the chunks of a slice and the next scan of its geometry (another TE and seed) build it once', () => {
    const { cache, builds } = countingCache();
    const first = testBlochSnapshot(2);
    const next = { ...first, protocol: { ...first.protocol, echoTime: 0.03 }, seed: 11 };
    const outputs = runBoth(first, cache);
    runBoth(next, cache);
    expect(builds()).toBe(1);
    expect(cache.bytes).toBeGreaterThan(0);
    // The images too: those of the cached chunks are those of the scan without a cache.
    const image = assembleScan(first, outputs).slices[0]?.magnitude;
    const fresh = assembleScan(
      first,
      scanParts(first).map((part) => runScanPart(first, knee, part)),
    ).slices[0]?.magnitude;
    expect(image && fresh && sameBytes(image, fresh)).toBe(true);
  });

  it('builds a phantom of its own for another geometry, other tissue values and other phantom settings', () => {
    const { cache, builds } = countingCache();
    const base = testBlochSnapshot(1);
    const variants: ScanSnapshot[] = [
      base,
      { ...base, protocol: { ...base.protocol, geometry: { orientation: 'axial', center: [0, 0, 0.01] } } },
      { ...base, tissueOverrides: { muscle: { t1: 1.1, t2: 0.04 } } },
      { ...base, simulation: { ...base.simulation, sliceIsochromats: 2 } },
    ];
    variants.forEach((snapshot, i) => {
      runBoth(snapshot, cache);
      expect(builds()).toBe(i + 1);
    });
    runBoth(base, cache);
    expect(builds()).toBe(variants.length);
  });
});

describe('the slice cache, phantoms', () => {
  const frame = firstSliceFrame(testProtocol({ sliceCount: 1 }));
  const tissues = testTissues();
  const spins = () =>
    createSpinSet({ x: [0, 1], y: [0, 0], z: [0, 0], rho: [1, 1], t1: [1, 1], t2: [0.1, Infinity] });
  const fieldMap = (): FieldMap3d => ({
    dims: [1, 1, 1],
    voxelSize: [1, 1, 1],
    origin: [0, 0, 0],
    hz: new Float32Array(1),
  });

  it('keys a field map by identity, and keeps nothing with a budget of 0', () => {
    const { cache, builds } = countingCache();
    const [a, b] = [fieldMap(), fieldMap()];
    const kept = cache.phantom(knee, frame, tissues, { fieldMap: a }, spins);
    expect(cache.phantom(knee, frame, tissues, { fieldMap: a }, spins)).toBe(kept);
    cache.phantom(knee, frame, tissues, { fieldMap: b }, spins);
    cache.phantom(knee, frame, tissues, {}, spins);
    expect(builds()).toBe(3);
    const none = countingCache(0);
    none.cache.phantom(knee, frame, tissues, {}, spins);
    none.cache.phantom(knee, frame, tissues, {}, spins);
    expect(none.builds()).toBe(2);
    expect(none.cache.bytes).toBe(0);
  });
});
