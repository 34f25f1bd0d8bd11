/**
 * Fast-engine figures (issue 4, "Performance"): a new contrast on a prepared 256×256 slice, a full slice from the
 * anatomy, a 20-slice 256×256 SE on worker threads (two, as on the reference machine's 2 cores), and the peak
 * resident memory of that scan. Medians of repeated runs on the brain model: one receive channel for the per-slice
 * figures, the 16-element head coil array (sum of squares) for the 20-slice scan.
 */
import {
  acquisitionFrame,
  createContrastWorkspace,
  prepareSlice,
  renderContrast,
  scanGeometry,
  seededRandom,
  tissueAtField,
  unitComplexNoise,
  type Protocol,
  type Scanner,
} from '@larmor/mri';
import { createModelStore } from '@larmor/server/anatomy/modelStore';
import { FastSlicePool } from '@larmor/server/cli/render/slicePool';
import type { BenchSuite } from './suite.ts';

const BRAIN_MODEL_ID = 1;
const SCANNER: Scanner = { b0: 1.5, maxGradient: 0.045, maxSlewRate: 200, coil: 'head16' };

/** The reference scan: SE TR 0.5 s, TE 15 ms, 256 × 256 over 0.24 m, 5 mm slices. */
function seProtocol(sliceCount: number): Protocol {
  return {
    family: 'SE',
    repetitionTime: 0.5,
    echoTime: 0.015,
    flipAngle: Math.PI / 2,
    echoTrainLength: 1,
    bandwidthPerPixel: 130,
    fovRead: 0.24,
    fovPhase: 0.24,
    matrixRead: 256,
    matrixPhase: 256,
    sliceThickness: 0.005,
    sliceGap: 0.001,
    sliceCount,
    geometry: { orientation: 'axial', center: [0, 0, 0.01] },
    phaseDirection: 'column',
    nex: 1,
    phaseOversampling: 0,
    fatSaturation: false,
    partialFourier: 1,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function timeMs(run: () => void, repeats: number, warmup: number): number {
  for (let i = 0; i < warmup; i++) run();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}

export const fastSuite: BenchSuite = {
  name: 'fast',
  async run() {
    const model = createModelStore().get(BRAIN_MODEL_ID);
    const tissues = model.tissues.map((key, label) =>
      label === 0 ? undefined : tissueAtField(key, SCANNER.b0),
    );
    const protocol = seProtocol(1);
    const plane = scanGeometry(protocol).slices[0];
    if (!plane) throw new Error('no slice');
    const frame = acquisitionFrame(protocol, plane);
    const noise = [unitComplexNoise(frame.readCount * frame.phaseCount, seededRandom(1))];

    let prepared = prepareSlice(model.volume, frame);
    const sliceRepeats = 15;
    const sliceStartCpu = process.cpuUsage();
    const sliceMs = timeMs(
      () => {
        prepared = prepareSlice(model.volume, frame);
        renderContrast(prepared, protocol, SCANNER, { tissues, noiseLevel: 1, noise });
      },
      sliceRepeats,
      3,
    );
    const sliceCpu = process.cpuUsage(sliceStartCpu);

    const workspace = createContrastWorkspace(frame);
    let echo = 0;
    const contrastMs = timeMs(
      () => {
        echo = (echo + 1) % 50;
        const next = { ...protocol, echoTime: 0.01 + echo * 0.002 };
        renderContrast(prepared, next, SCANNER, { tissues, noiseLevel: 1, noise, workspace });
      },
      200,
      30,
    );

    const pool = new FastSlicePool(2);
    // memoryUsage.rss() reads only the resident size (memoryUsage() also walks the heap spaces).
    let peakRss = process.memoryUsage.rss();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
    try {
      const job = {
        modelId: BRAIN_MODEL_ID,
        scanner: SCANNER,
        noiseLevel: 1 as const,
        seed: 7,
        receive: 'array' as const,
      };
      await pool.run({ ...job, protocol: seProtocol(2) }); // warm: workers load the model once
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        const startCpu = process.cpuUsage();
        await pool.run({ ...job, protocol: seProtocol(20) });
        times.push(performance.now() - start);
        const used = process.cpuUsage(startCpu);
        cpu.push((used.user + used.system) / 1000);
      }
      return {
        'contrastChange.256.ms': contrastMs,
        'slice.256.ms': sliceMs,
        // Mean CPU time of one slice (warm-up runs included, single thread): the figure to trust on a loaded machine.
        'slice.256.cpu.ms': (sliceCpu.user + sliceCpu.system) / 1000 / (sliceRepeats + 3),
        'se20.256.ms': median(times),
        // CPU time of all threads: on a machine shared with other work, cpu/2 is what two free cores would take.
        'se20.256.cpu.ms': median(cpu),
        'se20.256.peakRss.MB': Math.max(peakRss, process.memoryUsage.rss()) / 2 ** 20,
      };
    } finally {
      clearInterval(sampler);
      await pool.close();
    }
  },
};
