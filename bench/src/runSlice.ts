/**
 * `fast.runSlice.256.*` (issue 26 item 1): one slice of a scan run, timed on the function a scan thread runs for
 * each part (`createPartRunner` of the server's jobs/parts.ts, which calls @larmor/mri `runScanPart`): the
 * reference 256 × 256 SE of the brain with the 16-element head array (receive 'array', prescan normalisation
 * on, noise level 1), slices 0…19 in turn, as a 20-slice run gives them to a thread. The model is built once
 * before (a worker keeps it between parts). Steady state: 10 warm-up parts, then the median of 40.
 */
import type { ScanSnapshot } from '@larmor/mri/simulate';
import { createPartRunner } from '@larmor/server/jobs/parts';
import { REFERENCE_SCANNER, referenceProtocol } from './reference-scan.ts';

const REPEATS = 40;
const WARMUP = 10;

/** The bench's reference scan (reference-scan.ts) with the head array, as the server snapshots it. */
export function headArraySnapshot(sliceCount = 20): ScanSnapshot {
  return {
    engine: 'cpusim',
    model: { id: 1 },
    protocol: referenceProtocol(sliceCount),
    scanner: REFERENCE_SCANNER,
    simulation: { noiseLevel: 1, receive: 'array' },
    tissueOverrides: {},
    seed: 7,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * `runSlice.256.ms` (wall) and `runSlice.256.cpu.median.ms` (this thread's CPU, what a free core takes), with the
 * thread's slice cache as a worker keeps it: after the warm-up every slice's geometry is kept, as for a student's
 * next scan of the same slices. `runSlice.256.firstScan.*`: the same with the cache off, every part a slice whose
 * geometry the thread has not seen (a scan's first run).
 */
export function runSliceFigures(): Record<string, number> {
  const warm = runSliceTimes(createPartRunner());
  const first = runSliceTimes(createPartRunner(0));
  return {
    'runSlice.256.ms': warm.wall,
    'runSlice.256.cpu.median.ms': warm.cpu,
    'runSlice.256.firstScan.ms': first.wall,
    'runSlice.256.firstScan.cpu.median.ms': first.cpu,
  };
}

function runSliceTimes(run: ReturnType<typeof createPartRunner>): { wall: number; cpu: number } {
  const snapshot = headArraySnapshot();
  run({ snapshot, part: { kind: 'slice', slice: 0 } }); // builds and keeps the model
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < WARMUP + REPEATS; i++) {
    const part = { kind: 'slice' as const, slice: i % snapshot.protocol.sliceCount };
    const start = performance.now();
    const startCpu = process.cpuUsage();
    run({ snapshot, part });
    const used = process.cpuUsage(startCpu);
    if (i < WARMUP) continue;
    walls.push(performance.now() - start);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpus) };
}
