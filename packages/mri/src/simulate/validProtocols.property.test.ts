import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnatomicalModel, LabelVolume } from '../anatomy/types.ts';
import { defaultProtocol } from '../sequence/defaults.ts';
import { parameterDefinitions } from '../sequence/parameters.ts';
import {
  SEQUENCE_FAMILIES,
  type Protocol,
  type Scanner,
  type SequenceFamily,
  type SliceOrientation,
} from '../sequence/protocol.ts';
import { isThreeDimensional } from '../sequence/timing.ts';
import { InvalidProtocolError, validateProtocol } from '../sequence/validate.ts';
import { tissueAtField } from '../tissue/library.ts';
import { simulateSlice, type SimulateOptions } from './simulate.ts';
import { testScanner } from '../scanner.testing.ts';

const scanner: Scanner = testScanner();

/** Concentric spheres (white matter, grey matter, CSF, fat) in a 64³ volume of 3 mm voxels, centred [m]. */
function sphereVolume(): LabelVolume {
  const n = 64;
  const voxel = 0.003;
  const o = (-(n - 1) / 2) * voxel;
  const labels = new Uint8Array(n * n * n);
  const radii = [0.03, 0.05, 0.06, 0.07];
  for (let k = 0; k < n; k++)
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        const r = Math.hypot(o + i * voxel, o + j * voxel, o + k * voxel);
        const shell = radii.findIndex((limit) => r < limit);
        labels[i + n * (j + n * k)] = shell < 0 ? 0 : shell + 1;
      }
  return { dims: [n, n, n], voxelSize: [voxel, voxel, voxel], origin: [o, o, o], labels };
}

const model: AnatomicalModel = {
  id: 0,
  name: 'spheres',
  volume: sphereVolume(),
  tissues: ['air', 'whiteMatter', 'greyMatter', 'csf', 'fat'],
  regions: [],
  features: [],
  coils: [],
};
const options: SimulateOptions = {
  tissueAt: (key) => tissueAtField(key, scanner.b0),
  noiseLevel: 0,
  seed: 1,
};

/** Fractions in [0, 1] that place each free parameter inside the limits the earlier choices leave. */
interface Choice {
  matrix: number;
  orientation: SliceOrientation;
  phaseDirection: Protocol['phaseDirection'];
  fatSaturation: boolean;
  partialFourier: number;
  bandwidth: number;
  echoTime: number;
  repetitionTime: number;
  inversionTime: number;
  flipAngle: number;
}

const fraction = fc.double({ min: 0, max: 1, noNaN: true });
const choice: fc.Arbitrary<Choice> = fc.record({
  matrix: fc.constantFrom(32, 48),
  orientation: fc.constantFrom<SliceOrientation>('axial', 'sagittal', 'coronal'),
  phaseDirection: fc.constantFrom<Protocol['phaseDirection']>('row', 'column'),
  fatSaturation: fc.boolean(),
  partialFourier: fc.constantFrom(1, 0.75),
  bandwidth: fraction,
  echoTime: fraction,
  repetitionTime: fraction,
  inversionTime: fraction,
  flipAngle: fraction,
});

/** Longest TR and TI the property explores [s] (the console allows more; the images change little beyond). */
const TR_CAP_S = 6;

/**
 * A protocol of `family` from its defaults with the choices applied one limit at a time (bandwidth, then TE,
 * TR, TI and flip angle within the limits that the earlier values leave); may still break a cross rule (echo
 * train, SAR), which the caller filters out.
 */
function protocolOf(family: SequenceFamily, c: Choice): Protocol {
  const base = defaultProtocol(family, scanner);
  let p: Protocol = {
    ...base,
    matrixRead: c.matrix,
    matrixPhase: c.matrix,
    sliceCount: isThreeDimensional(base) ? 8 : 1,
    geometry: { orientation: c.orientation, center: [0, 0, 0] },
    phaseDirection: c.phaseDirection,
    fatSaturation: c.fatSaturation,
    partialFourier: family === 'MPRAGE' ? 1 : c.partialFourier,
  };
  if (family === 'MPRAGE') p = { ...p, echoTrainLength: 1 };
  const limit = (key: keyof Protocol): { min: number; max: number } => {
    const def = parameterDefinitions(p, scanner).find((d) => d.key === key);
    if (!def) throw new Error(`${family} has no ${key}`);
    return def;
  };
  const within = (key: keyof Protocol, f: number, cap = Infinity): number => {
    const { min, max } = limit(key);
    return min + f * (Math.min(max, cap) - min);
  };
  p = { ...p, bandwidthPerPixel: Math.round(within('bandwidthPerPixel', c.bandwidth)) };
  const echoTime = within('echoTime', c.echoTime * c.echoTime);
  const shift = echoTime - p.echoTime;
  p = { ...p, echoTime, ...(p.echoTimes ? { echoTimes: p.echoTimes.map((t) => t + shift) } : {}) };
  if (p.inversionTime !== undefined) p = { ...p, inversionTime: within('inversionTime', 0, TR_CAP_S) };
  p = { ...p, repetitionTime: within('repetitionTime', c.repetitionTime, TR_CAP_S) };
  if (p.inversionTime !== undefined && family !== 'MOLLI' && family !== 'MPRAGE')
    p = { ...p, inversionTime: within('inversionTime', c.inversionTime, p.repetitionTime * 0.9) };
  // Up to 90°: a spin-echo family allows a 180° excitation, which rightly gives no signal.
  return { ...p, flipAngle: within('flipAngle', c.flipAngle, Math.PI / 2) };
}

describe('every family renders a finite, non-blank image for any valid protocol', () => {
  for (const family of SEQUENCE_FAMILIES) {
    it(`${family}: random valid protocols (32–48², all orientations) give finite pixels and a visible object`, () => {
      fc.assert(
        fc.property(
          choice.map((c) => protocolOf(family, c)).filter((p) => validateProtocol(p, scanner).length === 0),
          (protocol) => {
            const index = Math.floor((protocol.sliceCount - 1) / 2);
            const { image } = simulateSlice(model, protocol, scanner, options, index);
            let max = 0;
            for (const v of image.magnitude) {
              expect(Number.isFinite(v)).toBe(true);
              max = Math.max(max, v);
            }
            // Non-blank: the object (radius 70 mm in a 240 mm FOV, so the corner pixel is air) stands out. Some
            // tissue keeps more than 1e-5 of M0 under every valid protocol with flip ≤ 90° (MP-RAGE at 1° gives
            // about 2e-4); an all-black or all-Inf image fails.
            expect(max).toBeGreaterThan(1e-5);
            expect(image.magnitude[0] as number).toBeLessThan(max / 100);
          },
        ),
        { numRuns: 6, seed: 9 },
      );
    });
  }
});

describe('the engines refuse a protocol they cannot play', () => {
  it('an SE-EPI at 130 Hz/pixel and 256² (minimum TE ≈ 2 s) with TE 80 ms: InvalidProtocolError naming TE', () => {
    const protocol: Protocol = {
      ...defaultProtocol('SE-EPI', scanner),
      bandwidthPerPixel: 130,
      matrixRead: 256,
      matrixPhase: 256,
      echoTime: 0.08,
      sliceCount: 1,
    };
    const run = () => simulateSlice(model, protocol, scanner, options, 0);
    expect(run).toThrow(InvalidProtocolError);
    expect(run).toThrow(/TE must be at least/);
  });
});
