/**
 * `node bench/src/memoryChild.ts <workload>`: runs one memory workload (./memory.ts) in this fresh process and
 * prints {"peakRssMB": …} as the last line of stdout.
 */
import { blochMemoryWorkload } from './bloch.ts';
import { fastMemoryWorkload } from './fast.ts';
import type { MemoryWorkload } from './memory.ts';

const workloads: Record<MemoryWorkload, () => Promise<void>> = {
  'fast.se20': fastMemoryWorkload,
  'bloch.se256.brain': blochMemoryWorkload,
};

const name = process.argv[2] as MemoryWorkload;
const run = workloads[name];
if (!run) throw new Error(`unknown memory workload "${name}" (${Object.keys(workloads).join(', ')})`);
await run();
// ru_maxrss in KiB on Linux.
console.log(JSON.stringify({ peakRssMB: process.resourceUsage().maxRSS / 1024 }));
