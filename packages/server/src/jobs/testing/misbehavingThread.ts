/**
 * A worker module for tests of the scan queues: runs parts like thread.ts, except that a part of a scan whose
 * seed is CRASH_SEED kills its thread the first time, a part of a scan whose seed is HANG_SEED never returns, and
 * one whose seed is HANG_ONCE_SEED never returns the first time (until its thread or process is killed). Marker
 * files under the folder in LARMOR_TEST_MARKER_DIR record what happened: `crashed-S`, `hanging-S`, `hung-S` for
 * slice S. When LARMOR_TEST_GATE names a file, every part first waits until that file exists: a test holds the
 * thread while it queues work, then opens the gate. A gate file holding a number n lets n parts through on this
 * thread and holds the rest until the file is rewritten with a larger number (or emptied: no limit), so a test can
 * stop the thread after a known sequence of parts and look at the state in between.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PartOutput } from '@larmor/mri/simulate';
import { createPartRunner } from '../parts.ts';
import { sliceBytes, type SliceBytes } from '../stored.ts';
import type { PartTask } from '../types.ts';

export const CRASH_SEED = 666;
export const HANG_SEED = 777;
export const HANG_ONCE_SEED = 778;

const run = createPartRunner();

const marker = (name: string, task: PartTask): string =>
  path.join(process.env['LARMOR_TEST_MARKER_DIR'] ?? '.', `${name}-${task.part.slice}`);

/** Busy for ever: only terminating the thread (or killing the process) ends it. */
function spin(): never {
  for (;;) Math.sqrt(Date.now());
}

/** Parts this thread has let through the gate. */
let passed = 0;

/** Whether the gate lets one more part through: it exists, and holds no number or one above `passed`. */
function gateOpen(gate: string): boolean {
  if (!existsSync(gate)) return false;
  const text = readFileSync(gate, 'utf8').trim();
  return text === '' || passed < Number(text);
}

/**
 * Waits (blocking this thread) until the gate file LARMOR_TEST_GATE names lets this part through; at once
 * without one.
 */
function waitAtGate(): void {
  const gate = process.env['LARMOR_TEST_GATE'];
  if (!gate) return;
  const pause = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
  while (!gateOpen(gate)) Atomics.wait(pause, 0, 0, 20);
  passed++;
}

export default function misbehave(
  task: PartTask | (PartTask & { sliceBytes: true }),
): PartOutput | SliceBytes {
  waitAtGate();
  const { seed } = task.snapshot;
  if (seed === HANG_SEED) {
    writeFileSync(marker('hanging', task), '');
    spin();
  }
  if (
    (seed === CRASH_SEED || seed === HANG_ONCE_SEED) &&
    !existsSync(marker(seed === CRASH_SEED ? 'crashed' : 'hung', task))
  ) {
    writeFileSync(marker(seed === CRASH_SEED ? 'crashed' : 'hung', task), '');
    if (seed === CRASH_SEED) process.exit(1);
    spin();
  }
  const output = run(task);
  // A stored part (thread.ts) answers its slice's blobs.
  return 'sliceBytes' in task && output.kind === 'slice' ? sliceBytes(output.output) : output;
}
