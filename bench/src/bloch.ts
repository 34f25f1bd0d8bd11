/**
 * Bloch engine figures (`npm run bench -- --only bloch`): readout and RF throughput, the single-shot EPI brain
 * slice of KomaMRI's benchmark (0.24 s on an RTX 2080 Ti) and a 256×256 spin-echo slice, on a warm pool of
 * worker threads (one per core), plus the process's peak resident memory.
 */
import { buildTimeline } from '@larmor/mri/sequence/build/index';
import { hardPulse, sincPulse } from '@larmor/mri/sequence/build/rf';
import { TimelineBuilder } from '@larmor/mri/sequence/build/timelineBuilder';
import type { Protocol, Scanner } from '@larmor/mri/sequence/protocol';
import type { BlochScan } from '@larmor/mri/simulate/bloch/scan';
import { createSpinSet, withT2StarSpread, type SpinSet } from '@larmor/mri/simulate/bloch/spins';
import { BlochWorkerPool } from '@larmor/server/bloch/pool';
import type { BenchSuite } from './suite.ts';

const scanner: Scanner = { b0: 1.5, maxGradient: 0.033, maxSlewRate: 125, coil: 'body' };

/** Tissues of the brain-like phantom: PD, T1, T2, T2* [s] at 1.5 T (reference/tissue_properties.md, rounded). */
const TISSUES = {
  wm: [0.7, 0.6, 0.08, 0.05],
  gm: [0.8, 1.0, 0.1, 0.06],
  csf: [1.0, 4.0, 2.0, 0.5],
  fat: [0.9, 0.26, 0.08, 0.04],
} as const;

/**
 * A brain-like axial slice (ellipses: scalp fat, grey-matter cortex, white matter, CSF ventricles) on a grid
 * of `spacing` [m], `isochromats` per voxel for T2*.
 */
function brainSlice(spacing: number, isochromats: number): SpinSet {
  const p: Record<'x' | 'y' | 'z' | 'rho' | 't1' | 't2' | 't2s', number[]> = {
    x: [],
    y: [],
    z: [],
    rho: [],
    t1: [],
    t2: [],
    t2s: [],
  };
  const inside = (x: number, y: number, a: number, b: number, cx = 0, cy = 0): boolean =>
    ((x - cx) / a) ** 2 + ((y - cy) / b) ** 2 <= 1;
  for (let y = -0.115; y <= 0.115; y += spacing)
    for (let x = -0.115; x <= 0.115; x += spacing) {
      let t: readonly number[] | undefined;
      if (inside(x, y, 0.013, 0.03, -0.015) || inside(x, y, 0.013, 0.03, 0.015)) t = TISSUES.csf;
      else if (inside(x, y, 0.055, 0.075)) t = TISSUES.wm;
      else if (inside(x, y, 0.07, 0.09)) t = TISSUES.gm;
      else if (inside(x, y, 0.074, 0.094)) t = TISSUES.csf;
      else if (inside(x, y, 0.082, 0.102)) t = TISSUES.fat;
      if (!t) continue;
      p.x.push(x);
      p.y.push(y);
      p.z.push(0);
      p.rho.push(t[0] ?? 0);
      p.t1.push(t[1] ?? 0);
      p.t2.push(t[2] ?? 0);
      p.t2s.push(t[3] ?? 0);
    }
  const spins = createSpinSet(p);
  return isochromats > 1 ? withT2StarSpread(spins, p.t2s, isochromats) : spins;
}

/** `count` spins at distinct pseudo-random 3D positions (no two share a phasor or an RF class). */
function scatteredSpins(count: number, fov: number, thickness: number): SpinSet {
  let seed = 12345;
  const next = (): number => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 2 ** 32 - 0.5;
  };
  return createSpinSet({
    x: Array.from({ length: count }, () => next() * fov),
    y: Array.from({ length: count }, () => next() * fov),
    z: Array.from({ length: count }, () => next() * thickness),
    rho: new Array<number>(count).fill(1),
    t1: new Array<number>(count).fill(0.8),
    t2: new Array<number>(count).fill(0.08),
  });
}

/** `count` spins on a square grid over ±fov/2 with brain-like relaxation. */
function gridSpins(n: number, fov: number, thickness: number): SpinSet {
  const count = n * n;
  const at = (i: number) => (i / n - 0.5) * fov;
  return createSpinSet({
    x: Array.from({ length: count }, (_, i) => at(i % n)),
    y: Array.from({ length: count }, (_, i) => at(Math.floor(i / n))),
    z: Array.from({ length: count }, (_, i) => ((i * 7919) % 101) / 100 - 0.5).map((f) => f * thickness),
    rho: new Array<number>(count).fill(1),
    t1: new Array<number>(count).fill(0.8),
    t2: new Array<number>(count).fill(0.08),
  });
}

function protocol(p: Partial<Protocol>): Protocol {
  return {
    family: 'SE',
    repetitionTime: 0.5,
    echoTime: 0.02,
    flipAngle: Math.PI / 2,
    echoTrainLength: 1,
    bandwidthPerPixel: 200,
    fovRead: 0.23,
    fovPhase: 0.23,
    matrixRead: 256,
    matrixPhase: 256,
    sliceThickness: 0.005,
    sliceGap: 0,
    sliceCount: 1,
    geometry: { orientation: 'axial', center: [0, 0, 0] },
    phaseDirection: 'column',
    nex: 1,
    phaseOversampling: 0,
    fatSaturation: false,
    partialFourier: 1,
    ...p,
  };
}

async function seconds(pool: BlochWorkerPool, scan: BlochScan, repeats = 3): Promise<number> {
  await pool.simulate(scan);
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    await pool.simulate(scan);
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  return best;
}

export const blochSuite: BenchSuite = {
  name: 'bloch',
  async run() {
    const pool = new BlochWorkerPool();
    try {
      // Readout: 65,536 scattered spins (the kernel path: no shared phasors), one excitation, 8 readouts of 1024 samples at a constant gradient.
      const readSpins = scatteredSpins(65536, 0.23, 0.005);
      const rb = new TimelineBuilder();
      rb.add({ rf: hardPulse(Math.PI / 2, 1e-4, 2e-6) });
      for (let k = 0; k < 8; k++)
        rb.add({
          gx: {
            times: Float64Array.of(0, 1e-4, 1.03e-2, 1.04e-2),
            amplitudes: Float64Array.of(0, 4e4, 4e4, 0),
          },
          adc: { numSamples: 1024, dwell: 1e-5, delay: 1e-4, freqOffset: 0, phaseOffset: 0 },
        });
      const readS = await seconds(pool, { timeline: rb.build(), spins: readSpins });
      // RF: 65,536 spins at distinct 3D positions (no shared classes), a 2 ms sinc on a slice gradient: 1000 steps.
      const rfSpins = scatteredSpins(65536, 0.23, 0.01);
      const rfb = new TimelineBuilder();
      const rf = sincPulse({ flipAngle: Math.PI / 2, duration: 2e-3, timeBandwidth: 4, raster: 2e-6 });
      rfb.add({
        rf: { ...rf, delay: 1e-4 },
        gz: { times: Float64Array.of(0, 1e-4, 2.1e-3, 2.2e-3), amplitudes: Float64Array.of(0, 4e5, 4e5, 0) },
      });
      const rfS = await seconds(pool, { timeline: rfb.build(), spins: rfSpins });
      // EPI brain: single-shot GRE-EPI 100×100, TE 100 ms, FOV 230 mm, on a 1.45 mm brain-like slice (2 isochromats per voxel, ~25,000 spins).
      const brain = brainSlice(0.00145, 2);
      const epi = buildTimeline(
        protocol({
          family: 'GRE-EPI',
          matrixRead: 100,
          matrixPhase: 100,
          echoTime: 0.1,
          repetitionTime: 0.2,
          bandwidthPerPixel: 1500,
        }),
        scanner,
      );
      const epiS = await seconds(pool, { timeline: epi, spins: brain });
      // SE 256×256: one isochromat per voxel of the 256×256 grid, TR 500 ms, TE 20 ms.
      const se = buildTimeline(protocol({}), scanner, { dummyScans: 0 });
      const seS = await seconds(pool, { timeline: se, spins: gridSpins(256, 0.23, 0) }, 1);
      return {
        'readout.spinSamplesPerSec': (readSpins.count * 8 * 1024) / readS,
        'rf.spinStepsPerSec': (rfSpins.count * rf.times.length) / rfS,
        'epiBrain.spins': brain.count,
        'epiBrain.s': epiS,
        'se256.s': seS,
        'memory.peakRssMB': process.resourceUsage().maxRSS / 1024,
      };
    } finally {
      await pool.close();
    }
  },
};
