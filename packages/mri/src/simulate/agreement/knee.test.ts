import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../anatomy/registry.ts';
import type { AnatomicalModel } from '../../anatomy/types.ts';
import { buildTimeline } from '../../sequence/build/index.ts';
import { axesOf } from '../../sequence/build/context.ts';
import type { Protocol, Scanner } from '../../sequence/protocol.ts';
import { tissueAtField } from '../../tissue/library.ts';
import { simulateFast } from '../bloch/fast.ts';
import { createWasmKernels } from '../bloch/wasmKernels.ts';
import { acquisitionFrame, scanGeometry } from '../geometry.ts';
import { simulateSlice, tissuesByLabel, type SimulateOptions } from '../simulate.ts';
import { adcLines, blochKSpace, blochMagnitudeImage } from './blochImage.ts';
import { hannMagnitude, nrmse } from './compare.ts';
import { framePhantom, type FramePhantomOptions } from './phantom.ts';

const scanner: Scanner = { b0: 1.5, maxGradient: 0.033, maxSlewRate: 125, coil: 'body' };
const N = 64;
const THICKNESS = 0.005;

/**
 * An axial slice through the knee joint (model 2, procedural), 64×64 over 180 mm: the knee spans x ∈ [−70, 68] mm,
 * y ∈ [−62, 78] mm, so nothing wraps. Centred on the isocentre: the builders encode no in-plane FOV offset.
 */
const base: Protocol = {
  family: 'SE',
  repetitionTime: 0.5,
  echoTime: 0.02,
  flipAngle: Math.PI / 2,
  echoTrainLength: 1,
  bandwidthPerPixel: 250,
  fovRead: 0.18,
  fovPhase: 0.18,
  matrixRead: N,
  matrixPhase: N,
  sliceThickness: THICKNESS,
  sliceGap: 0,
  sliceCount: 1,
  geometry: { orientation: 'axial', center: [0, 0, 0] },
  phaseDirection: 'column',
  nex: 1,
  phaseOversampling: 0,
  fatSaturation: false,
  partialFourier: 1,
};

let knee: AnatomicalModel;
const options: SimulateOptions = {
  tissueAt: (key) => tissueAtField(key, scanner.b0),
  noiseLevel: 0,
  seed: 1,
  receive: 'single',
};

beforeAll(() => {
  knee = buildModel(2);
});

/** NRMSE of the Bloch image against the fast engine's, at full resolution and after a Hann window. */
function agreement(
  protocol: Protocol,
  phantom: FramePhantomOptions,
  dummyScans?: number,
): { full: number; hann: number } {
  const tissues = tissuesByLabel(knee, options);
  const fast = simulateSlice(knee, protocol, scanner, options, 0, tissues);
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('no slice');
  const frame = acquisitionFrame(protocol, plane);
  const timeline = buildTimeline(protocol, scanner, dummyScans === undefined ? {} : { dummyScans });
  const spins = framePhantom(knee, frame, tissues, phantom);
  const signal = simulateFast({ timeline, spins }, { kernels: createWasmKernels });
  const phaseAxis = axesOf(protocol).phase;
  const bloch = blochMagnitudeImage(signal, timeline, phaseAxis, frame);
  const blochK = blochKSpace(signal, adcLines(timeline, phaseAxis, frame), frame);
  const full = nrmse(bloch.magnitude, fast.image.magnitude);
  const hann = nrmse(hannMagnitude(blochK, N, N), hannMagnitude(fast.kspace, N, N));
  return { full, hann };
}

/** 3×3 spins per pixel and 4 sub-slabs: in-plane and through-plane partial volume as the fast engine has it. */
const sampling: FramePhantomOptions = { subpixels: 3, depthSamples: 4 };

/**
 * The Bloch engine (bloch/fast.ts) on the builder's timeline and `framePhantom` spins against the fast engine
 * (`simulateSlice`) on the same protocol and knee slice, magnitude images compared by NRMSE. Measured on
 * 2026-11-21 (full / Hann-windowed): SE 11.5 % / 6.7 %, spoiled GRE 13.5 % / 7.7 %, IR 14.4 % / 10.8 %,
 * bSSFP 17.8 % / 12.8 %; the tolerances sit about 1.2× above. Not the 5 % one might hope for, for reasons that
 * lie in how each engine models the slice, not in either engine's Bloch physics (a single spin at the slice
 * centre agrees within 0.3 % on knee tissues; sequence/build/fastAgreement.test.ts checks 3 %):
 * - high spatial frequencies: the fast engine samples the model as boxes on a 2× fine grid, the Bloch phantom
 *   as 3×3 point spins per pixel; edges differ pixel by pixel (k-space correlation 0.75 beyond 3/4 of k_max),
 *   which the Hann window removes: about half of the full-resolution error;
 * - slice profile: the fast engine assumes a rectangular profile with the nominal flip angles; the Bloch spins
 *   sit in the centre of the 4-cycle sinc profile, where on-resonance spins get the nominal flips but fat
 *   (−217 Hz) sees its chemically shifted profile 0.54 mm off centre: SE fat −6 % to −9 %;
 * - T2* from 8 Lorentzian isochromats per spin decays a little slower than exp(−TE/T2′) (truncated tails):
 *   GRE tissues +5 %;
 * - IR and bSSFP: tissue levels differ by 4–12 % (causes not isolated yet). bSSFP needs the 300 dummy TRs: with
 *   the builder's default of 10 the image is far from the steady state the fast engine assumes (DC ×1.9).
 */
describe('Bloch and fast engines agree on the image of the same protocol and knee slice', () => {
  const cases: [string, Partial<Protocol>, FramePhantomOptions, number, number, number?][] = [
    ['SE (TR 500 ms, TE 20 ms): NRMSE < 14 %, Hann-windowed < 8 %', {}, sampling, 0.14, 0.08],
    [
      'spoiled GRE (TR 50 ms, TE 5 ms, 30°; spins over one spoiler cycle, 8 isochromats for T2*): NRMSE < 16 %, Hann-windowed < 9.5 %',
      { family: 'GRE', repetitionTime: 0.05, echoTime: 0.005, flipAngle: Math.PI / 6 },
      { subpixels: 2, depthSamples: 4, layer: THICKNESS / 4, isochromats: 8 },
      0.16,
      0.095,
    ],
    [
      'IR (TI 350 ms, TR 2 s, TE 20 ms): NRMSE < 17.5 %, Hann-windowed < 13 %',
      { family: 'IR', inversionTime: 0.35, repetitionTime: 2 },
      sampling,
      0.175,
      0.13,
    ],
    [
      'bSSFP (TR 12 ms, 60°, 300 dummy TRs towards the steady state): NRMSE < 21 %, Hann-windowed < 15.5 %',
      { family: 'bSSFP', repetitionTime: 0.012, echoTime: 0.006, flipAngle: Math.PI / 3 },
      sampling,
      0.21,
      0.155,
      300,
    ],
  ];
  for (const [name, overrides, phantom, full, hann, dummies] of cases) {
    it(name, () => {
      const r = agreement({ ...base, ...overrides }, phantom, dummies);
      expect(r.full).toBeLessThan(full);
      expect(r.hann).toBeLessThan(hann);
    });
  }
});
