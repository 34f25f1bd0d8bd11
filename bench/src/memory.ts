/**
 * Memory figures, each measured in a fresh process: a process's peak resident size is a high-water mark that
 * never comes down, so measured inside the bench it would count whatever ran before (other suites, other
 * figures). `peakRssInChild(name)` runs one workload of ./memoryChild.ts in a new Node process and returns that
 * process's peak resident memory [MB] (getrusage's ru_maxrss: every thread, the worker threads included).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The workloads ./memoryChild.ts knows. */
export type MemoryWorkload = 'fast.se20' | 'bloch.se256.brain';

const CHILD = fileURLToPath(new URL('./memoryChild.ts', import.meta.url));

export function peakRssInChild(workload: MemoryWorkload): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CHILD, workload],
      { maxBuffer: 1 << 20, timeout: 300_000 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`memory workload ${workload} failed: ${error.message}\n${stderr}`));
          return;
        }
        const last = stdout.trim().split('\n').pop() ?? '';
        const peak = (JSON.parse(last) as { peakRssMB?: unknown }).peakRssMB;
        if (typeof peak !== 'number')
          reject(new Error(`memory workload ${workload}: no figure in "${last}"`));
        else resolve(peak);
      },
    );
  });
}
