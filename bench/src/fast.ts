/**
 * Fast-engine figures (issue 4, "Performance"; issue 9 items 11, 12, 14): a new contrast on a prepared 256×256
 * slice with the 16-element head coil array and prescan normalisation (the simulator's receive and its default)
 * and with one channel, a full slice from the anatomy (one channel), a 20-slice 256×256 SE with the head array on
 * worker threads (two, as on the reference machine's 2 cores), and the peak resident memory of that scan,
 * measured in a process of its own (./memory.ts). Medians of repeated runs on the brain model.
 */
import {
  acquisitionFrame,
  createContrastWorkspace,
  prepareSlice,
  renderContrast,
  scanGeometry,
  seededRandom,
  unitComplexNoise,
  frameCoilMaps,
} from '@larmor/mri/simulate';
import { assertValidProtocol } from '@larmor/mri/sequence';
import { tissueAtField } from '@larmor/mri/tissue';
import type { Protocol, Scanner } from '@larmor/mri';
import { createModelStore } from '@larmor/server/anatomy/modelStore';
import { createThreadQueue, type ThreadScanQueue } from '@larmor/server/jobs/threadQueue';
import { peakRssInChild } from './memory.ts';
import { REFERENCE_SCANNER, referenceProtocol } from './reference-scan.ts';
import { runSliceFigures } from './runSlice.ts';
import type { BenchSuite } from './suite.ts';

const BRAIN_MODEL_ID = 1;
const SCANNER: Scanner = REFERENCE_SCANNER;

const seProtocol = (sliceCount: number): Protocol => referenceProtocol(sliceCount);

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

/** The 20-slice SE with the head array on the queue's threads. */
async function se20(pool: ThreadScanQueue, sliceCount = 20): Promise<void> {
  const job = await pool.submit({
    engine: 'cpusim',
    model: { id: BRAIN_MODEL_ID },
    protocol: seProtocol(sliceCount),
    scanner: SCANNER,
    simulation: { noiseLevel: 1, receive: 'array' },
    tissueOverrides: {},
    seed: 7,
  });
  await job.result;
}

/** The workload of `fast.se20.256.peakRss.MB` (./memoryChild.ts): a warm-up scan, then the 20-slice scan. */
export async function fastMemoryWorkload(): Promise<void> {
  const pool = createThreadQueue({ threads: 2 });
  try {
    await se20(pool, 2);
    await se20(pool);
  } finally {
    await pool.close();
  }
}

export const fastSuite: BenchSuite = {
  name: 'fast',
  async run() {
    const model = createModelStore().get(BRAIN_MODEL_ID);
    const tissues = model.tissues.map((key, label) =>
      label === 0 ? undefined : tissueAtField(key, SCANNER.b0),
    );
    const protocol = seProtocol(1);
    assertValidProtocol(seProtocol(20), SCANNER); // every entry point validates (sequence/validate.ts)
    const plane = scanGeometry(protocol).slices[0];
    if (!plane) throw new Error('no slice');
    const frame = acquisitionFrame(protocol, plane);
    const noise = [unitComplexNoise(frame.readCount * frame.phaseCount, seededRandom(1))];

    let prepared = prepareSlice(model.volume, frame);
    // Steady state, as while a slice stack is dragged (a render a frame): 10 renders warm the JIT and the
    // thread's buffers, then the median of 40. With 3 and 15 the figure still held warm-up (21.8–22.4 ms against
    // 18.3 ms over 200 renders, 2026-11-23).
    const sliceRepeats = 40;
    const sliceWarmup = 10;
    const sliceStartCpu = process.cpuUsage();
    const sliceCpuTimes: number[] = [];
    const sliceMs = timeMs(
      () => {
        const startCpu = process.cpuUsage();
        prepared = prepareSlice(model.volume, frame);
        renderContrast(prepared, protocol, SCANNER, { tissues, noiseLevel: 1, noise });
        const used = process.cpuUsage(startCpu);
        sliceCpuTimes.push((used.user + used.system) / 1000);
      },
      sliceRepeats,
      sliceWarmup,
    );
    const sliceCpu = process.cpuUsage(sliceStartCpu);

    // A new TE on the prepared slice, as the simulator screen renders it: the head array, one unit noise per coil,
    // prescan normalisation on (simulate.ts's default).
    const coil = model.coils.find((c) => c.uniqueName === SCANNER.coil);
    const coilMaps = frameCoilMaps(coil, frame);
    if (!coilMaps) throw new Error(`the brain model has no ${SCANNER.coil} array`);
    const random = seededRandom(2);
    const coilNoise = coilMaps.map(() => unitComplexNoise(frame.readCount * frame.phaseCount, random));
    const contrastMs = (receive: {
      noise: typeof noise;
      coilMaps?: Float32Array[];
      prescanNormalize?: boolean;
    }): number => {
      const workspace = createContrastWorkspace(frame);
      let echo = 0;
      return timeMs(
        () => {
          echo = (echo + 1) % 50;
          const next = { ...protocol, echoTime: 0.01 + echo * 0.002 };
          renderContrast(prepared, next, SCANNER, { tissues, noiseLevel: 1, workspace, ...receive });
        },
        200,
        30,
      );
    };
    const contrastArrayMs = contrastMs({ noise: coilNoise, coilMaps, prescanNormalize: true });
    const runSlice = runSliceFigures(); // one scan part as a scan thread runs it (./runSlice.ts)
    const contrastSingleMs = contrastMs({ noise });

    const pool = createThreadQueue({ threads: 2 });
    let figures: Record<string, number>;
    try {
      await se20(pool, 2); // warm: each thread loads the model once
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        const startCpu = process.cpuUsage();
        await se20(pool);
        times.push(performance.now() - start);
        const used = process.cpuUsage(startCpu);
        cpu.push((used.user + used.system) / 1000);
      }
      figures = {
        'contrastChange.256.ms': contrastArrayMs,
        'contrastChange.256.singleCoil.ms': contrastSingleMs,
        'slice.256.ms': sliceMs,
        // Mean CPU time of one slice (warm-up runs included, single thread): the figure to trust on a loaded machine.
        'slice.256.cpu.ms': (sliceCpu.user + sliceCpu.system) / 1000 / (sliceRepeats + sliceWarmup),
        // Median CPU time of one slice after the warm-up runs: what one free core takes, on a loaded machine too.
        'slice.256.cpu.median.ms': median(sliceCpuTimes.slice(sliceWarmup)),
        'se20.256.ms': median(times),
        // CPU time of all threads: on a machine shared with other work, cpu/2 is what two free cores would take.
        'se20.256.cpu.ms': median(cpu),
        ...runSlice,
      };
    } finally {
      await pool.close();
    }
    // After the pool is closed: the child process has the machine's memory to itself.
    return { ...figures, 'se20.256.peakRss.MB': await peakRssInChild('fast.se20') };
  },
};
