import { describe, expect, it } from 'vitest';
import { runInNextTask } from './next-task.ts';

describe('runInNextTask', () => {
  it('runs the work after the current task, not in it, and calls made together in their order', async () => {
    const ran: string[] = [];
    const done = new Promise<void>((resolve) => {
      runInNextTask(() => ran.push('first'));
      runInNextTask(() => ran.push('second'));
      runInNextTask(() => resolve());
    });
    // A microtask still belongs to the current task.
    await Promise.resolve();
    expect(ran).toEqual([]);
    await done;
    expect(ran).toEqual(['first', 'second']);
  });
});
