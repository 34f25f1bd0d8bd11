import { describe, expect, it } from 'vitest';
import { createDeferredWork } from './deferred.ts';

describe('deferred work', () => {
  it('run returns before the work finishes; settled waits for it and for work it started in turn', async () => {
    const errors: unknown[] = [];
    const deferred = createDeferredWork((error) => errors.push(error));
    const done: string[] = [];
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    deferred.run(async () => {
      await gate;
      done.push('first');
      deferred.run(async () => {
        await Promise.resolve();
        done.push('second');
      });
    });
    expect(done).toEqual([]);
    const settled = deferred.settled();
    release();
    await settled;
    expect(done).toEqual(['first', 'second']);
    expect(errors).toEqual([]);
  });

  it('a failing work goes to onError and does not stop settled', async () => {
    const errors: unknown[] = [];
    const deferred = createDeferredWork((error) => errors.push(error));
    const failure = new Error('database down');
    deferred.run(() => Promise.reject(failure));
    await deferred.settled();
    expect(errors).toEqual([failure]);
  });
});
