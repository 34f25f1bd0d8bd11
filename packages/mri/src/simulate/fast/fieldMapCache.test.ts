import { describe, expect, it } from 'vitest';
import type { Protocol } from '../../sequence/protocol.ts';
import { testScanner } from '../../scanner.testing.ts';
import { tissueAtField } from '../../tissue/library.ts';
import {
  applyFieldMap,
  applyFieldMapCached,
  createFieldMapCache,
  sliceFieldMap,
  type FieldMapCache,
  type SliceFieldMap,
} from '../fieldMap.ts';
import { acquisitionFrame, scanGeometry } from '../geometry.ts';
import { seededRandom, unitComplexNoise } from '../noise.ts';
import { modelFieldMap } from '../simulate.ts';
import { testHeadModel, testProtocol } from './phantom.testing.ts';
import { prepareSlice } from './prepare.ts';
import { createContrastWorkspace, renderContrast, type ContrastOptions } from './render.ts';

const head = testHeadModel();
const scanner = testScanner({ coil: 'head16' });
const tissues = head.tissues.map((k, label) => (label === 0 ? undefined : tissueAtField(k, scanner.b0)));
const field3d = modelFieldMap(head, (key) => tissueAtField(key, scanner.b0), scanner.b0);

const at = (z: number, change: Partial<Protocol>): Protocol =>
  testProtocol({
    fovRead: 0.16,
    fovPhase: 0.16,
    matrixRead: 96,
    matrixPhase: 96,
    geometry: { orientation: 'axial', center: [0, 0, z] },
    ...change,
  });

/** A geometry of `protocol`: its prepared slice, field map, cache, workspace and noise (as the preview keeps). */
function geometryOf(protocol: Protocol) {
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('no slice');
  const frame = acquisitionFrame(protocol, plane);
  const field = sliceFieldMap(field3d, frame);
  const random = seededRandom(3);
  const noise = [unitComplexNoise(frame.readCount * frame.phaseCount, random)];
  return {
    prepared: prepareSlice(head.volume, frame),
    field,
    cache: createFieldMapCache(field, frame),
    workspaces: [createContrastWorkspace(frame), createContrastWorkspace(frame)] as const,
    noise,
  };
}

/** The magnitude with and without the cache, each on its own workspace (the same path, no buffer shared). */
function bothOf(
  geometry: ReturnType<typeof geometryOf>,
  protocol: Protocol,
  cache: FieldMapCache,
): { cached: Float32Array; uncached: Float32Array } {
  const options: ContrastOptions = {
    tissues,
    noiseLevel: 1,
    noise: geometry.noise,
    fieldMap: geometry.field,
  };
  const cached = renderContrast(geometry.prepared, protocol, scanner, {
    ...options,
    fieldMapCache: cache,
    workspace: geometry.workspaces[0],
  }).magnitude;
  const uncached = renderContrast(geometry.prepared, protocol, scanner, {
    ...options,
    workspace: geometry.workspaces[1],
  }).magnitude;
  return { cached, uncached };
}

describe('field map cache (fieldMap.ts createFieldMapCache): the same images as applyFieldMap and displaceAlongPhase', () => {
  it.each([
    ['GRE', { family: 'GRE', repetitionTime: 0.1, echoTime: 0.01, flipAngle: 0.5 }],
    [
      'GRE-EPI',
      { family: 'GRE-EPI', repetitionTime: 3, echoTime: 0.03, flipAngle: 1.5, echoTrainLength: 96 },
    ],
    ['SE-EPI', { family: 'SE-EPI', repetitionTime: 3, echoTime: 0.06, echoTrainLength: 96 }],
  ] as const)(
    '%s: bit-identical through TR and flip changes (factor reused), a TE change, an ETL change and a geometry change',
    (_, base: Partial<Protocol>) => {
      const first = geometryOf(at(0.002, base));
      const changes: Partial<Protocol>[] = [
        {},
        { repetitionTime: (base.repetitionTime ?? 1) * 1.5 },
        { repetitionTime: (base.repetitionTime ?? 1) * 1.5, flipAngle: 0.3 },
        { echoTime: (base.echoTime ?? 0.01) * 2 },
        { echoTime: (base.echoTime ?? 0.01) * 2, echoTrainLength: 48 },
        {},
      ];
      let changed = 0;
      let previous: Float32Array | undefined;
      for (const change of changes) {
        const { cached, uncached } = bothOf(first, at(0.002, { ...base, ...change }), first.cache);
        expect(cached).toEqual(uncached);
        if (previous && !previous.every((v, i) => v === cached[i])) changed++;
        previous = cached;
      }
      // The changes change the image (the comparison is not of one image with itself).
      expect(changed).toBeGreaterThanOrEqual(3);
      // A new geometry with its own cache; the old cache, of another field, is not read.
      const second = geometryOf(at(0.006, base));
      const moved = bothOf(second, at(0.006, base), second.cache);
      expect(moved.cached).toEqual(moved.uncached);
      expect(bothOf(second, at(0.006, base), first.cache).cached).toEqual(moved.uncached);
    },
  );
});

describe('applyFieldMapCached: applyFieldMap to the bit, signed zeros included, where part of the slice has no field', () => {
  it('through TEs 10 ms, 10 ms, 25 ms, 0, −5 ms and NaN (every pixel recomputed), then 10 ms again', () => {
    const protocol = at(0.002, { family: 'GRE', echoTime: 0.01 });
    const plane = scanGeometry(protocol).slices[0];
    if (!plane) throw new Error('no slice');
    const frame = acquisitionFrame(protocol, plane);
    const n = frame.readCount * frame.phaseCount;
    // A field on the upper half only; the lower half's offsets alternate +0 and −0 (the factor's sin keeps the sign).
    const inside = (p: number): boolean => p < n / 2;
    const field: SliceFieldMap = {
      hz: Float32Array.from({ length: n }, (_, p) => (inside(p) ? 30 * Math.sin(p / 40) : p % 2 ? -0 : 0)),
      gradRead: Float32Array.from({ length: n }, (_, p) => (inside(p) ? 400 * Math.cos(p / 70) : 0)),
      gradPhase: Float32Array.from({ length: n }, (_, p) => (inside(p) ? -250 : 0)),
      gradSlice: Float32Array.from({ length: n }, (_, p) => (inside(p) ? 120 : 0)),
    };
    const cache = createFieldMapCache(field, frame);
    const random = seededRandom(9);
    const image = unitComplexNoise(n, random);
    for (const te of [0.01, 0.01, 0.025, 0, -0.005, NaN, 0.01]) {
      const [re, im] = [Float64Array.from(image.re), Float64Array.from(image.im)];
      const [cRe, cIm] = [re.slice(), im.slice()];
      applyFieldMap(re, im, field, frame, te);
      applyFieldMapCached(cRe, cIm, cache, te);
      const same = (a: Float64Array, b: Float64Array): boolean => a.every((v, i) => Object.is(v, b[i]));
      expect(same(cRe, re) && same(cIm, im)).toBe(true);
    }
  });
});
