import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../anatomy/registry.ts';
import type { AnatomicalModel } from '../anatomy/types.ts';
import { tissueAtField } from '../tissue/library.ts';
import { imageNoiseSigma } from './noise.ts';
import { modelFieldMap, simulate } from './simulate.ts';
import {
  assembleScan,
  runScanPart,
  scanParts,
  simulateSnapshot,
  snapshotFieldMap,
  type PartOutput,
  type ScanSnapshot,
} from './snapshot.ts';
import { KNEE_MODEL_ID, testBlochSnapshot, testSnapshot } from './snapshot.testing.ts';

let knee: AnatomicalModel;
beforeAll(() => {
  knee = buildModel(KNEE_MODEL_ID);
});

describe('a scan snapshot is plain data', () => {
  it('survives structuredClone and a JSON round trip unchanged', () => {
    const snapshot: ScanSnapshot = testSnapshot({
      tissueOverrides: { muscle: { t1: 1.1, t2: 0.04 } },
      simulation: {
        noiseLevel: 1,
        motion: { kind: 'translation', amplitude: 0.002, frequency: 2, direction: [1, 0, 0] },
      },
    });
    expect(structuredClone(snapshot)).toEqual(snapshot);
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
  });
});

describe('simulateSnapshot (fast engine)', () => {
  it('gives exactly the images and k-spaces of simulate() with the same values (overrides, field map, seed)', () => {
    const overrides = { muscle: { t1: 1.1, t2: 0.04 } };
    const snapshot = testSnapshot({
      tissueOverrides: overrides,
      simulation: { noiseLevel: 2, receive: 'array', susceptibility: true },
    });
    const tissueAt = (key: string) =>
      tissueAtField(key, 1.5, (overrides as Record<string, object | undefined>)[key]);
    const serial = simulate(knee, snapshot.protocol, snapshot.scanner, {
      tissueAt,
      noiseLevel: 2,
      seed: 3,
      receive: 'array',
      fieldMap: modelFieldMap(knee, tissueAt, 1.5),
    });
    const result = simulateSnapshot(snapshot, knee);
    expect(result.slices).toHaveLength(2);
    result.slices.forEach((s, i) => {
      expect(s.slice).toBe(i);
      expect(s.magnitude).toEqual(serial.images[i]?.magnitude);
      expect(s.kspaceRe).toEqual(serial.kspace[i]?.re);
      expect(s.kspaceIm).toEqual(serial.kspace[i]?.im);
    });
    expect(result.geometry).toEqual(serial.geometry);
  });

  it('assembles parts run in any order into the same scan, and refuses a missing or doubled slice', () => {
    const snapshot = testSnapshot();
    const outputs = scanParts(snapshot).map((p) => runScanPart(snapshot, knee, p));
    const serial = simulateSnapshot(snapshot, knee);
    expect(assembleScan(snapshot, [...outputs].reverse())).toEqual(serial);
    expect(() => assembleScan(snapshot, outputs.slice(1))).toThrow(/slice 0 missing/);
    expect(() => assembleScan(snapshot, [...outputs, outputs[0] as PartOutput])).toThrow(/given twice/);
  });

  it('gives the same bytes for the same seed and a new acquisition for a new seed', () => {
    const a = simulateSnapshot(testSnapshot({ seed: 11 }), knee).slices[0]?.magnitude;
    const b = simulateSnapshot(testSnapshot({ seed: 11 }), knee).slices[0]?.magnitude;
    const c = simulateSnapshot(testSnapshot({ seed: 12 }), knee).slices[0]?.magnitude;
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('recomputes a finished slice with every coil channel: the first is the stored k-space, bit for bit', () => {
    const snapshot = testSnapshot();
    const stored = runScanPart(snapshot, knee, { kind: 'slice', slice: 1 });
    const perCoil = runScanPart(snapshot, knee, { kind: 'slice', slice: 1, coilKSpaces: true });
    if (stored.kind !== 'slice' || perCoil.kind !== 'slice') throw new Error('not slice outputs');
    expect(stored.output.receiveChannels).toBe(8);
    expect(stored.output.coilKSpaces).toBeUndefined();
    expect(perCoil.output.coilKSpaces).toHaveLength(8);
    expect(perCoil.output.coilKSpaces?.[0]?.re).toEqual(stored.output.kspaceRe);
    expect(perCoil.output.coilKSpaces?.[0]?.im).toEqual(stored.output.kspaceIm);
    expect(perCoil.output.magnitude).toEqual(stored.output.magnitude);
    // Each channel sees the knee through its own sensitivity: the channels differ.
    expect(perCoil.output.coilKSpaces?.[3]?.re).not.toEqual(stored.output.kspaceRe);
  });

  it('refuses a model other than the one the snapshot names', () => {
    const snapshot = testSnapshot({ model: { id: 1 } });
    expect(() => runScanPart(snapshot, knee, { kind: 'slice', slice: 0 })).toThrow(/model 1/);
  });
});

describe('simulateSnapshot (Bloch engine, spin chunks)', () => {
  it('sums 3 spin chunks into the image of 1 chunk (float32 rounding of the sums: 1e-5 of the peak)', () => {
    const one = simulateSnapshot(testBlochSnapshot(1), knee).slices[0];
    const parts = scanParts(testBlochSnapshot(3));
    expect(parts).toEqual([0, 1, 2].map((chunk) => ({ kind: 'spins', slice: 0, chunk, chunks: 3 })));
    const three = simulateSnapshot(testBlochSnapshot(3), knee).slices[0];
    if (!one || !three) throw new Error('no slice');
    expect([three.rows, three.columns]).toEqual([16, 16]);
    const peak = Math.max(...one.magnitude);
    expect(peak).toBeGreaterThan(0.1);
    one.magnitude.forEach((v, i) =>
      expect(Math.abs(v - (three.magnitude[i] ?? NaN))).toBeLessThan(1e-5 * peak),
    );
  });

  it('with susceptibility, runs its spins in the model field map (computed when the context has none)', () => {
    const gre = testBlochSnapshot(1, { simulation: { noiseLevel: 0, receive: 'single' } });
    const protocol = { ...gre.protocol, family: 'GRE' as const, echoTime: 0.02, flipAngle: 0.5 };
    const plain = { ...gre, protocol };
    const withChi = { ...plain, simulation: { ...plain.simulation, susceptibility: true } };
    const own = simulateSnapshot(withChi, knee).slices[0]?.magnitude;
    const given = simulateSnapshot(withChi, knee, { fieldMap: snapshotFieldMap(withChi, knee) }).slices[0];
    const without = simulateSnapshot(plain, knee).slices[0]?.magnitude;
    expect(own).toEqual(given?.magnitude);
    expect(own).not.toEqual(without);
  }, 60_000);

  it('adds thermal noise of the fast engine σ per pixel (where signal ≫ σ, |S + σn| − |S| has SD σ; ±15 %)', () => {
    const base = testBlochSnapshot(1);
    const protocol = { ...base.protocol, matrixRead: 32, matrixPhase: 32 };
    const sigma = imageNoiseSigma(protocol, base.scanner, 3);
    const clean = simulateSnapshot({ ...base, protocol, simulation: { noiseLevel: 0 } }, knee).slices[0];
    const noisy = simulateSnapshot({ ...base, protocol, simulation: { noiseLevel: 3 } }, knee).slices[0];
    if (!clean || !noisy) throw new Error('no slice');
    const bright = [...clean.magnitude.keys()].filter((i) => (clean.magnitude[i] ?? 0) > 20 * sigma);
    expect(bright.length).toBeGreaterThan(200);
    const d = bright.map((i) => (noisy.magnitude[i] ?? 0) - (clean.magnitude[i] ?? 0));
    const mean = d.reduce((a, b) => a + b, 0) / d.length;
    const sd = Math.sqrt(d.reduce((a, b) => a + (b - mean) ** 2, 0) / (d.length - 1));
    expect(sd / sigma).toBeGreaterThan(0.85);
    expect(sd / sigma).toBeLessThan(1.15);
  });

  it('needs every chunk of a slice', () => {
    const snapshot = testBlochSnapshot(2);
    const first = runScanPart(snapshot, knee, { kind: 'spins', slice: 0, chunk: 0, chunks: 2 });
    expect(() => assembleScan(snapshot, [first])).toThrow(/1 of 2 spin chunks/);
  });
});
