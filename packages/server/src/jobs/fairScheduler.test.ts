import type { PartOutput, ScanPart } from '@larmor/mri/simulate';
import { testSnapshot } from '@larmor/mri/testing';
import { describe, expect, it } from 'vitest';
import { backlogPriority, createFairScheduler, LOWEST_BULLMQ_PRIORITY } from './fairScheduler.ts';
import type { PartRunner, PartTask } from './types.ts';

const snapshot = testSnapshot();
const task = (slice: number): PartTask => ({ snapshot, part: { kind: 'slice', slice } });

/** A runner that holds every part until the test finishes it, recording the order in which parts started. */
function heldRunner() {
  const started: ScanPart[] = [];
  const finishers: (() => void)[] = [];
  const run: PartRunner = (t) =>
    new Promise<PartOutput>((resolve) => {
      started.push(t.part);
      finishers.push(() => resolve({} as PartOutput));
    });
  /** Finishes the oldest running part and lets the scheduler hand out the freed slot. */
  const finishOne = async () => {
    finishers.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { run, started, finishOne, running: () => finishers.length };
}

const slicesOf = (parts: ScanPart[]) => parts.map((p) => p.slice);

describe('FairScheduler', () => {
  it('runs no more parts at once than its slots, and hands each freed slot to the next owner in turn', async () => {
    const runner = heldRunner();
    const scheduler = createFairScheduler(runner.run, 2);
    const signal = new AbortController().signal;
    // A: slices 0–5, then B: 100–101, then C: 200.
    const all = [
      ...[0, 1, 2, 3, 4, 5].map((s) => scheduler.run('a', task(s), signal)),
      ...[100, 101].map((s) => scheduler.run('b', task(s), signal)),
      scheduler.run('c', task(200), signal),
    ];
    expect(slicesOf(runner.started)).toEqual([0, 1]);
    expect(scheduler.waiting()).toBe(7);
    while (runner.started.length < all.length) {
      expect(runner.running()).toBe(2);
      await runner.finishOne();
    }
    expect(slicesOf(runner.started)).toEqual([0, 1, 2, 100, 200, 3, 101, 4, 5]);
    while (runner.running() > 0) await runner.finishOne();
    await Promise.all(all);
    expect(scheduler.waiting()).toBe(0);
  });

  it('takes a waiting part out when its scan is cancelled; it never runs and rejects with the reason', async () => {
    const runner = heldRunner();
    const scheduler = createFairScheduler(runner.run, 1);
    const first = scheduler.run('a', task(0), new AbortController().signal);
    const cancel = new AbortController();
    const cancelled = scheduler.run('a', task(1), cancel.signal);
    const next = scheduler.run('b', task(2), new AbortController().signal);
    cancel.abort(new Error('cancelled'));
    await expect(cancelled).rejects.toThrow('cancelled');
    expect(scheduler.waiting()).toBe(1);
    await runner.finishOne();
    await runner.finishOne();
    await Promise.all([first, next]);
    expect(slicesOf(runner.started)).toEqual([0, 2]);
  });
});

describe('backlogPriority', () => {
  it("is a part's place in its owner's backlog, within BullMQ's range", () => {
    expect(backlogPriority(0)).toBe(1);
    expect(backlogPriority(7)).toBe(8);
    expect(backlogPriority(10_000_000)).toBe(LOWEST_BULLMQ_PRIORITY);
  });
});
