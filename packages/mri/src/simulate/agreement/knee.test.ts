import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../anatomy/registry.ts';
import type { AnatomicalModel } from '../../anatomy/types.ts';
import { axesOf } from '../../sequence/build/context.ts';
import { buildTimeline } from '../../sequence/build/index.ts';
import type { Protocol, Scanner, SliceOrientation } from '../../sequence/protocol.ts';
import type { SequenceTimeline } from '../../sequence/timeline.ts';
import { tissueAtField } from '../../tissue/library.ts';
import type { Vec3 } from '../../units.ts';
import { simulateBloch } from '../bloch/engine.ts';
import { createWasmKernels } from '../bloch/wasmKernels.ts';
import { testProtocol } from '../fast/phantom.testing.ts';
import { acquisitionFrame, scanGeometry } from '../geometry.ts';
import { simulateSlice, tissuesByLabel, type SimulateOptions } from '../simulate.ts';
import { blochMagnitudeImage } from '../bloch/recon.ts';
import { framePhantom } from '../bloch/framePhantom.ts';
import { pureTissueRegions, regionMeans } from './regions.testing.ts';
import { GRADIENT_LIMITED_SCANNER } from '../../scanner.testing.ts';

const scanner: Scanner = GRADIENT_LIMITED_SCANNER;
const N = 64;
const THICKNESS = 0.005;
/** Regions smaller than this [pixels] are left out: their mean is a handful of edge-adjacent pixels. */
const MIN_REGION_PIXELS = 20;
/** Isochromats per spin for T2* in the spoiled-GRE case (bloch/dephasing.ts). */
const GRE_ISOCHROMATS = 89;
/**
 * A Bloch image of the slice takes 1–7 s (spoiled GRE with 89 isochromats and the textured atlas knee: 40–66 s in a
 * clean-clone CI run, 373 s with eight engineers on the cores) on the 2-core reference
 * machine under load.
 */
const BLOCH_TEST_TIMEOUT_MS = 300_000;

/**
 * One slice of the knee model (procedural, 220 mm long along z, ±70 mm across) per orientation, 64×64 over
 * 240 mm so that nothing wraps in either engine (the Bloch phantom covers the FOV only): axial 20 mm above the
 * joint line, sagittal and coronal off the midline through femur, tibia and the muscles around them.
 */
const SLICE_CENTRES: Record<SliceOrientation, Vec3> = {
  axial: [0, 0, 0.02],
  sagittal: [0.02, 0, 0],
  coronal: [0, 0.01, 0],
};

const protocolOf = (orientation: SliceOrientation, overrides: Partial<Protocol>): Protocol =>
  testProtocol({
    echoTime: 0.02,
    bandwidthPerPixel: 250,
    fovRead: 0.24,
    fovPhase: 0.24,
    matrixRead: N,
    matrixPhase: N,
    sliceThickness: THICKNESS,
    geometry: { orientation, center: SLICE_CENTRES[orientation] },
    ...overrides,
  });

let knee: AnatomicalModel;
const options: SimulateOptions = {
  tissueAt: (key) => tissueAtField(key, scanner.b0),
  noiseLevel: 0,
  seed: 1,
  receive: 'single',
};

// Building the procedural knee takes seconds on a loaded machine: more than the default 10 s hook limit there.
beforeAll(() => {
  knee = buildModel(2);
}, 60_000);

/** The largest slice-select amplitude [Hz/m] of the timeline's first excitation. */
function excitationGradient(timeline: SequenceTimeline, axis: 'gx' | 'gy' | 'gz'): number {
  const block = timeline.blocks.find((b) => b.rf?.use === 'excitation');
  const g = block?.[axis];
  if (!g) throw new Error('no excitation');
  return Math.max(...Array.from(g.amplitudes, Math.abs));
}

/**
 * Bloch/fast − 1 of the mean magnitude in each eroded pure-tissue region (`pureTissueRegions`, one pixel of
 * erosion, whole slice thickness) of the same slice, by tissue key.
 */
function regionalAgreement(protocol: Protocol, isochromats?: number): Map<string, number> {
  const tissues = tissuesByLabel(knee, options);
  const fast = simulateSlice(knee, protocol, scanner, options, 0, tissues);
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('no slice');
  const frame = acquisitionFrame(protocol, plane);
  const timeline = buildTimeline(protocol, scanner);
  const axes = axesOf(protocol);
  const spins = framePhantom(knee, frame, tissues, {
    subpixels: 2,
    depthSamples: 4,
    layer: THICKNESS / 8,
    sliceSelectGradient: excitationGradient(timeline, axes.slice),
    ...(isochromats === undefined ? {} : { isochromats }),
  });
  const signal = simulateBloch({ timeline, spins }, { kernels: createWasmKernels });
  const bloch = blochMagnitudeImage(signal, timeline, axes.phase, frame);
  const regions = new Map(
    [...pureTissueRegions(knee.volume, plane)].filter(([, pixels]) => pixels.length >= MIN_REGION_PIXELS),
  );
  const fastMeans = regionMeans(fast.image.magnitude, regions);
  const blochMeans = regionMeans(bloch.magnitude, regions);
  return new Map(
    [...regions.keys()].map((label) => [
      knee.tissues[label] ?? String(label),
      (blochMeans.get(label) ?? NaN) / (fastMeans.get(label) ?? NaN) - 1,
    ]),
  );
}

/**
 * The Bloch engine (bloch/engine.ts) on the builder's timeline and `framePhantom` spins against the fast engine
 * (`simulateSlice`) on the same protocol and knee slice: the mean magnitude of every eroded pure-tissue region
 * (muscle, marrow) agrees within 2 % for SE, TSE, IR and spoiled GRE on the axial, sagittal and coronal slice
 * (issue 9, item 5). What the comparison holds constant:
 * - the phantom puts 2×2 spins per pixel and 4 sub-slabs of the slice in a layer one eighth of the slice thick
 *   at its centre, where the Hann-sinc pulses give the nominal flip angles that the fast engine's rectangular
 *   profile assumes (a quarter-slice layer reads −2.6 % in SE from the profile alone);
 * - fat's layer is centred on its own excited slice, 0.54 mm off (chemical-shift slice displacement; in place
 *   it read −8 % in SE);
 * - IR at TI 1.5 s: at TI 350 ms muscle and marrow sit near their nulls and differ by −2 % and +6 %
 *   relative (under 2 % of M0).
 * - spoiled GRE: 89 isochromats per spin for T2* (bloch/dephasing.ts: within 1.6 % of exp(−t/T2′) over
 *   0–3·T2′, 0.74 % up to 0.5·T2′, where the readouts fall: TE/T2′ is 0.05 for muscle, 0.24 for marrow); measured
 *   (2026-11-23) muscle +1.2, +1.0, +0.4 % and marrow −1.1, −0.4, −0.8 % (axial, sagittal, coronal), where the
 *   earlier quantile sampling with 16 isochromats read muscle +3 to +5 % and marrow −8 %.
 */
describe('Bloch and fast engines agree on the mean signal of pure-tissue regions of a knee slice', () => {
  const families: [string, Partial<Protocol>, number, number?][] = [
    ['SE (TR 500 ms, TE 20 ms)', {}, 0.02],
    [
      'TSE (TR 2 s, ETL 8, TE 30 ms)',
      { family: 'TSE', repetitionTime: 2, echoTime: 0.03, echoTrainLength: 8 },
      0.02,
    ],
    ['IR (TI 1.5 s, TR 2 s, TE 20 ms)', { family: 'IR', inversionTime: 1.5, repetitionTime: 2 }, 0.02],
    [
      'spoiled GRE (TR 50 ms, TE 5 ms, 30°, 89 isochromats for T2*)',
      { family: 'GRE', repetitionTime: 0.05, echoTime: 0.005, flipAngle: Math.PI / 6 },
      0.02,
      GRE_ISOCHROMATS,
    ],
  ];
  for (const [name, overrides, tolerance, isochromats] of families)
    for (const orientation of ['axial', 'sagittal', 'coronal'] as const)
      it(
        `${name}, ${orientation}: every region within ${tolerance * 100} %`,
        () => {
          const agreement = regionalAgreement(protocolOf(orientation, overrides), isochromats);
          expect([...agreement.keys()]).toEqual(expect.arrayContaining(['muscle', 'marrow']));
          for (const [tissue, difference] of agreement)
            expect(Math.abs(difference), tissue).toBeLessThan(tolerance);
        },
        BLOCH_TEST_TIMEOUT_MS,
      );

  it(
    'SE with the FOV shifted in-plane (5 mm read, 8 mm phase; ADC frequency and phase offsets): within 2 %',
    () => {
      const agreement = regionalAgreement(
        protocolOf('axial', { geometry: { orientation: 'axial', center: [0.005, 0.008, 0.02] } }),
      );
      expect(agreement.size).toBeGreaterThanOrEqual(2);
      for (const [tissue, difference] of agreement) expect(Math.abs(difference), tissue).toBeLessThan(0.02);
    },
    BLOCH_TEST_TIMEOUT_MS,
  );
});
