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
import { testProtocol } from '../fast/phantom.testing.ts';
import { framePhantom, type FramePhantomOptions } from './phantom.ts';

const scanner: Scanner = { b0: 1.5, maxGradient: 0.033, maxSlewRate: 125, coil: 'body' };
const N = 64;
const THICKNESS = 0.005;

/**
 * An axial slice through the knee joint (model 2, procedural), 64×64 over 180 mm: the knee spans x ∈ [−70, 68] mm,
 * y ∈ [−62, 78] mm, so nothing wraps, centred on the isocentre or shifted in-plane by `OFF_CENTRE`.
 */
const base: Protocol = testProtocol({
  echoTime: 0.02,
  bandwidthPerPixel: 250,
  fovRead: 0.18,
  fovPhase: 0.18,
  matrixRead: N,
  matrixPhase: N,
  sliceThickness: THICKNESS,
});

/** An in-plane FOV shift [m] (5 mm along x = read, 8 mm along y = phase) that keeps the knee inside the FOV. */
const OFF_CENTRE: [number, number, number] = [0.005, 0.008, 0];

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
 * 2026-11-21 (full / Hann-windowed): SE 11.5 % / 6.7 %, spoiled GRE 12.0 % / 6.0 %, IR 14.4 % / 10.8 %,
 * bSSFP 17.8 % / 12.8 %; the tolerances sit about 1.2× above. Not the 5 % one might hope for, for reasons that
 * lie in how each engine models the slice, not in either engine's Bloch physics (a single on-resonance spin at
 * the slice centre agrees within 0.3 % on knee tissues; sequence/build/fastAgreement.test.ts checks 3 %):
 * - high spatial frequencies: the fast engine samples the model as boxes on a 2× fine grid, the Bloch phantom
 *   as 3×3 point spins per pixel; edges differ pixel by pixel (k-space correlation 0.75 beyond 3/4 of k_max),
 *   which the Hann window removes: about half of the full-resolution error;
 * - chemical-shift slice displacement: the fast engine gives fat the nominal flip angles of a rectangular
 *   profile; in the Bloch engine fat (−217 Hz) sees its slice 0.54 mm off centre (1.1 mm for the inversion
 *   slab), so at the slice centre one fat spin reads −9 % (SE), +8 % (IR) and −31 % (STIR at TI 160 ms, near
 *   its null, hence no STIR case);
 * - T2* from 16 Lorentzian isochromats per spin decays slightly slower than exp(−TE/T2′) (truncated tails;
 *   8 isochromats gave +4–7 % in GRE);
 * - bSSFP: fat precesses −149° per TR, near the dark band at 180°, where the steady state is steep: one fat
 *   spin at the slice centre reads +11 % (muscle, blood +3 %). It needs 300 dummy TRs: the builder's default
 *   (86 at this TR) settles muscle-like tissue within 2 %, not long-T1, long-T2 fluid (+26 %).
 */
describe('Bloch and fast engines agree on the image of the same protocol and knee slice', () => {
  const cases: [string, Partial<Protocol>, FramePhantomOptions, number, number, number?][] = [
    ['SE (TR 500 ms, TE 20 ms): NRMSE < 14 %, Hann-windowed < 8 %', {}, sampling, 0.14, 0.08],
    [
      'SE with the FOV shifted in-plane (5 mm read, 8 mm phase; ADC frequency and phase offsets): NRMSE < 14 %, Hann-windowed < 8 %',
      { geometry: { orientation: 'axial', center: OFF_CENTRE } },
      sampling,
      0.14,
      0.08,
    ],
    [
      'spoiled GRE (TR 50 ms, TE 5 ms, 30°; spins over one spoiler cycle, 16 isochromats for T2*): NRMSE < 14 %, Hann-windowed < 7.5 %',
      { family: 'GRE', repetitionTime: 0.05, echoTime: 0.005, flipAngle: Math.PI / 6 },
      { subpixels: 2, depthSamples: 4, layer: THICKNESS / 4, isochromats: 16 },
      0.14,
      0.075,
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
