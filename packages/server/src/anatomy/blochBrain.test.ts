/**
 * The Bloch engine (`censol`) against the fast engine on the Colin27 brain, as issue 23 measured it through the
 * session API: the default SE (TR 500 ms, TE 15 ms, 5 mm), one axial slice through the ventricles (20 mm above
 * the origin), 128×128 over 240 mm (the default 256² takes 4× longer), no noise, one receive channel.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { AnatomicalModel } from '@larmor/mri';
import { pureTissueRegions, regionMeans, GRADIENT_LIMITED_SCANNER } from '@larmor/mri/testing';
import { createWasmKernels } from '@larmor/mri/bloch';
import { scanGeometry, simulateSnapshot, type ScanSnapshot, type SliceOutput } from '@larmor/mri/simulate';
import { createModelStore } from './modelStore.ts';

const scanner = GRADIENT_LIMITED_SCANNER;
/** A Bloch SE of this slice takes 3–10 s on the 2-core reference machine under load. */
const TIMEOUT_MS = 60_000;

let brain: AnatomicalModel;
let snapshot: ScanSnapshot;
let fast: SliceOutput;
let regions: Map<number, number[]>;
const bloch = new Map<number, SliceOutput>();

/** The Bloch image with `sliceIsochromats` through the slice (undefined: the default phantom). */
function blochImage(sliceIsochromats?: number): SliceOutput {
  const key = sliceIsochromats ?? 0;
  let image = bloch.get(key);
  if (!image) {
    const simulation = { ...snapshot.simulation, ...(sliceIsochromats ? { sliceIsochromats } : {}) };
    image = simulateSnapshot({ ...snapshot, engine: 'censol', simulation }, brain, {
      kernels: createWasmKernels,
    }).slices[0];
    if (!image) throw new Error('no slice');
    bloch.set(key, image);
  }
  return image;
}

const label = (key: string): number => brain.tissues.indexOf(key as never);

/** Bloch/fast − 1 of a tissue's eroded pure region. */
function agreement(image: SliceOutput, key: string): number {
  const region = new Map([[label(key), regions.get(label(key)) ?? []]]);
  return (
    (regionMeans(image.magnitude, region).get(label(key)) ?? NaN) /
      (regionMeans(fast.magnitude, region).get(label(key)) ?? NaN) -
    1
  );
}

/** Mean |I(c + 1) − I(c)| between readout neighbours inside a tissue's region, over the region's mean. */
function readoutRoughness(image: SliceOutput, key: string): number {
  const pixels = new Set(regions.get(label(key)) ?? []);
  let step = 0;
  let pairs = 0;
  let sum = 0;
  for (const p of pixels) {
    sum += image.magnitude[p] as number;
    if (pixels.has(p + 1)) {
      step += Math.abs((image.magnitude[p + 1] as number) - (image.magnitude[p] as number));
      pairs++;
    }
  }
  return step / pairs / (sum / pixels.size);
}

beforeAll(() => {
  brain = createModelStore().get(1);
  const protocol = {
    ...defaultProtocol('SE', scanner),
    matrixRead: 128,
    matrixPhase: 128,
    sliceCount: 1,
    geometry: { orientation: 'axial' as const, center: [0, 0, 0.02] as [number, number, number] },
  };
  snapshot = {
    engine: 'cpusim',
    model: { id: 1 },
    protocol,
    scanner,
    simulation: { noiseLevel: 0, receive: 'single' },
    tissueOverrides: {},
    seed: 1,
  };
  const image = simulateSnapshot(snapshot, brain).slices[0];
  const plane = scanGeometry(protocol).slices[0];
  if (!image || !plane) throw new Error('no slice');
  fast = image;
  regions = new Map([...pureTissueRegions(brain.volume, plane)].filter(([, pixels]) => pixels.length >= 20));
}, TIMEOUT_MS);

describe('Bloch vs fast engine on the brain, default SE (issue 23, item 1)', () => {
  it(
    'white matter within 1 % (measured 0.0 %; a quarter-slice layer read −2.2 %) and CSF within 12 % (−8.6 %; one isochromat per pixel read +45 %)',
    () => {
      // The lines are read from the most negative ky up, as the fast engine orders them (echo-train.ts). The
      // spins sit in a layer a sixteenth of the slice thick, where the sinc pulses give the nominal flips. CSF's
      // residual is its echoes that outlive TR (T2 1.8 s against TR 500 ms), which the fast engine's ideal
      // spoiling leaves out: with CSF T2 150 ms the engines agree within 2 % (blochAgreement.test.ts).
      const image = blochImage();
      expect(Math.abs(agreement(image, 'whiteMatter'))).toBeLessThan(0.01);
      expect(Math.abs(agreement(image, 'csf'))).toBeLessThan(0.12);
    },
    TIMEOUT_MS,
  );

  it(
    'CSF is smooth along the readout: neighbour roughness under 0.1 (fast 0.03; one isochromat per pixel 0.48)',
    () => {
      expect(readoutRoughness(fast, 'csf')).toBeLessThan(0.05);
      expect(readoutRoughness(blochImage(), 'csf')).toBeLessThan(0.1);
    },
    TIMEOUT_MS,
  );
});
