/**
 * Bloch engine figures (`npm run bench -- --only bloch`): readout and RF throughput, the single-shot EPI brain
 * slice of KomaMRI's benchmark (0.24 s on an RTX 2080 Ti) and a 256×256 spin-echo slice on uniform grid spins
 * (the best case for grouping) and on the brain model, on a warm pool of worker threads (one per core); the
 * readout kernel alone and the whole readout scan on one thread, to compare the two; and the peak resident
 * memory of the brain SE scan in a process of its own (./memory.ts).
 */
import { buildTimeline, hardPulse, sincPulse, TimelineBuilder } from '@larmor/mri/sequence';
import type { Protocol, Scanner } from '@larmor/mri';
import { testProtocol } from '@larmor/mri/testing';
import {
  type BlochScan,
  spinsFromSlice,
  createSpinSet,
  type SpinSet,
  simulateBloch,
  createWasmKernels,
} from '@larmor/mri/bloch';
import { standardPlane } from '@larmor/mri/anatomy';
import { blochSlicePhantom, acquisitionFrame, scanGeometry } from '@larmor/mri/simulate';
import { tissueAtField } from '@larmor/mri/tissue';
import { createModelStore } from '@larmor/server/anatomy/modelStore';
import { createThreadQueue, type ThreadScanQueue } from '@larmor/server/jobs/threadQueue';
import { peakRssInChild } from './memory.ts';
import type { BenchSuite } from './suite.ts';

const scanner: Scanner = { b0: 1.5, maxGradient: 0.033, maxSlewRate: 125, coil: 'body' };

/** The brain model's id in the anatomy registry (packages/mri/src/anatomy/registry.ts). */
const BRAIN_MODEL_ID = 1;

/**
 * An axial slice through the centre of the Colin27-derived brain model (loaded through the server's model store)
 * as a 2D spin phantom: one pixel per `spacing` [m] over the square `fov` [m], each pixel's dominant tissue at the
 * scanner's B0, air skipped, `isochromats` per pixel for T2* (`spinsFromSlice`).
 */
function brainSlice(spacing: number, fov: number, isochromats: number): SpinSet {
  const model = createModelStore().get(BRAIN_MODEL_ID);
  const tissues = model.tissues.map((key, label) =>
    label === 0 ? undefined : tissueAtField(key, scanner.b0),
  );
  const n = Math.ceil(fov / spacing);
  const center = model.regions[0]?.center ?? [0, 0, 0];
  return spinsFromSlice(
    model,
    standardPlane('axial', center),
    { nx: n, ny: n, pixelSpacing: [spacing, spacing], sliceThickness: spacing },
    tissues,
    { isochromats },
  );
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
  return testProtocol({
    echoTime: 0.02,
    bandwidthPerPixel: 200,
    fovRead: 0.23,
    fovPhase: 0.23,
    matrixRead: 256,
    matrixPhase: 256,
    sliceThickness: 0.005,
    ...p,
  });
}

async function seconds(pool: ThreadScanQueue, scan: BlochScan, repeats = 3): Promise<number> {
  await pool.simulateBloch(scan);
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    await pool.simulateBloch(scan);
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  return best;
}

/** One excitation, then 8 readouts of 1024 samples at a constant gradient. */
function readoutTimeline(): BlochScan['timeline'] {
  const rb = new TimelineBuilder();
  rb.add({ rf: hardPulse(Math.PI / 2, 1e-4, 2e-6) });
  for (let k = 0; k < 8; k++)
    rb.add({
      gx: { times: Float64Array.of(0, 1e-4, 1.03e-2, 1.04e-2), amplitudes: Float64Array.of(0, 4e4, 4e4, 0) },
      adc: { numSamples: READOUT_SAMPLES, dwell: 1e-5, delay: 1e-4, freqOffset: 0, phaseOffset: 0 },
    });
  return rb.build();
}
const READOUT_SAMPLES = 1024;
const READOUTS = 8;

/**
 * Spin-samples per second of the readout on one thread: the WebAssembly kernel alone (phasors set, 8 × 1024
 * samples) and the whole scan (excitation, classification, phasors, relaxation), best of 5 after a warm-up.
 */
function readoutOneThread(spins: SpinSet): { kernel: number; scan: number } {
  const work = spins.count * READOUTS * READOUT_SAMPLES;
  const best = (run: () => void): number => {
    run();
    let min = Infinity;
    for (let r = 0; r < 5; r++) {
      const t0 = performance.now();
      run();
      min = Math.min(min, (performance.now() - t0) / 1000);
    }
    return min;
  };
  const k = createWasmKernels(spins.count, READOUT_SAMPLES);
  k.ws.x.set(spins.x);
  k.ws.dw.set(spins.dw);
  k.ws.e2.fill(0.999);
  k.ws.mx.fill(0.5);
  k.ws.my.fill(0.1);
  k.phasors(0.3, 0, 0, 1e-5 / (2 * Math.PI));
  const kernelS = best(() => {
    for (let r = 0; r < READOUTS; r++) k.readout(false, READOUT_SAMPLES);
  });
  const timeline = readoutTimeline();
  const scanS = best(() => simulateBloch({ timeline, spins }, { kernels: createWasmKernels }));
  return { kernel: work / kernelS, scan: work / scanS };
}

/**
 * A scan of the brain model on the Bloch backend's own slice phantom (`blochSlicePhantom`, what a session's
 * censol scan simulates: READ_SUBPIXELS × SLICE_ISOCHROMATS spins per pixel), axial through the model's centre.
 */
function brainPhantomScan(p: Protocol, isochromats = 1, options: { dummyScans?: number } = {}): BlochScan {
  const model = createModelStore().get(BRAIN_MODEL_ID);
  const tissues = model.tissues.map((key, label) =>
    label === 0 ? undefined : tissueAtField(key, scanner.b0),
  );
  const geometry = { orientation: 'axial' as const, center: model.regions[0]?.center ?? [0, 0, 0] };
  const placed = { ...p, geometry };
  const plane = scanGeometry(placed).slices[0];
  if (!plane) throw new Error('no slice');
  const timeline = buildTimeline(placed, scanner, options);
  return {
    timeline,
    spins: blochSlicePhantom(model, acquisitionFrame(placed, plane), tissues, timeline, placed, {
      isochromats,
    }),
  };
}

/**
 * SE 256×256 (TR 500 ms, TE 20 ms, 5 mm) on the brain model with the Bloch backend's slice phantom (16 spins per
 * pixel: 2 along the readout × 8 through the slice).
 */
function brainSe256(): BlochScan {
  return brainPhantomScan(protocol({}), 1, { dummyScans: 0 });
}

/** The workload of `bloch.memory.peakRssMB` (./memoryChild.ts): the brain SE 256×256 on the queue's threads. */
export async function blochMemoryWorkload(): Promise<void> {
  const pool = createThreadQueue();
  try {
    await pool.simulateBloch(brainSe256());
  } finally {
    await pool.close();
  }
}

export const blochSuite: BenchSuite = {
  name: 'bloch',
  async run() {
    const pool = createThreadQueue();
    let figures: Record<string, number>;
    try {
      // Readout: 65,536 scattered spins (the kernel path: no shared phasors), one excitation, 8 readouts of 1024 samples at a constant gradient.
      const readSpins = scatteredSpins(65536, 0.23, 0.005);
      const readS = await seconds(pool, { timeline: readoutTimeline(), spins: readSpins });
      const oneThread = readoutOneThread(readSpins);
      // RF: 65,536 spins at distinct 3D positions (no shared classes), a 2 ms sinc on a slice gradient: 1000 steps.
      const rfSpins = scatteredSpins(65536, 0.23, 0.01);
      const rfb = new TimelineBuilder();
      const rf = sincPulse({ flipAngle: Math.PI / 2, duration: 2e-3, timeBandwidth: 4, raster: 2e-6 });
      rfb.add({
        rf: { ...rf, delay: 1e-4 },
        gz: { times: Float64Array.of(0, 1e-4, 2.1e-3, 2.2e-3), amplitudes: Float64Array.of(0, 4e5, 4e5, 0) },
      });
      const rfS = await seconds(pool, { timeline: rfb.build(), spins: rfSpins });
      // EPI brain: single-shot GRE-EPI 100×100, TE 100 ms, FOV 230 mm, on a 1.5 mm axial slice of the Colin27
      // brain model (2 isochromats per pixel for T2*, ~25,000 spins; KomaMRI's benchmark slice has 25,841).
      const brain = brainSlice(0.0015, 0.23, 2);
      const epiProtocol = protocol({
        family: 'GRE-EPI',
        matrixRead: 100,
        matrixPhase: 100,
        echoTime: 0.1,
        repetitionTime: 0.2,
        bandwidthPerPixel: 1500,
      });
      const epi = buildTimeline(epiProtocol, scanner);
      const epiS = await seconds(pool, { timeline: epi, spins: brain });
      // The same EPI on the Bloch backend's slice phantom (sub-voxel isochromats, blochPhantom.ts), 5 mm.
      const epiPhantom = brainPhantomScan(epiProtocol);
      const epiPhantomS = await seconds(pool, epiPhantom);
      // SE 256×256: one isochromat per voxel of the 256×256 grid, TR 500 ms, TE 20 ms.
      const se = buildTimeline(protocol({}), scanner, { dummyScans: 0 });
      const seS = await seconds(pool, { timeline: se, spins: gridSpins(256, 0.23, 0) }, 1);
      const brainSe = brainSe256();
      const seBrainS = await seconds(pool, brainSe, 1);
      figures = {
        'readout.spinSamplesPerSec': (readSpins.count * READOUTS * READOUT_SAMPLES) / readS,
        'readout.kernel.oneThread.spinSamplesPerSec': oneThread.kernel,
        'readout.scan.oneThread.spinSamplesPerSec': oneThread.scan,
        // The whole readout scan's speed as a fraction of the kernel's (both on one thread).
        'readout.scanOfKernel': oneThread.scan / oneThread.kernel,
        'rf.spinStepsPerSec': (rfSpins.count * rf.times.length) / rfS,
        'epiBrain.spins': brain.count,
        'epiBrain.s': epiS,
        'epiBrain.phantom.spins': epiPhantom.spins.count,
        'epiBrain.phantom.s': epiPhantomS,
        'se256.s': seS,
        'se256.brain.spins': brainSe.spins.count,
        'se256.brain.s': seBrainS,
      };
    } finally {
      await pool.close();
    }
    // After the pool is closed: the child process has the machine's memory to itself.
    return { ...figures, 'memory.peakRssMB': await peakRssInChild('bloch.se256.brain') };
  },
};
