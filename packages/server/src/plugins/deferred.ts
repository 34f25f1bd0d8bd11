/**
 * Work a call starts without waiting for it, so that the answer takes the same time whatever the work finds:
 * forgot-password and forgot-username must not reveal by their timing whether an account has the address
 * (OWASP Forgot Password Cheat Sheet: "return a consistent message … and ensure responses return in a
 * consistent amount of time"). A failure is reported to `onError`; closing the app waits for what still runs.
 */
export interface DeferredWork {
  /** Starts `work` now and returns at once. */
  run(work: () => Promise<void>): void;
  /** Resolves once every work started so far (and any it started in turn) has finished. */
  settled(): Promise<void>;
}

export function createDeferredWork(onError: (error: unknown) => void): DeferredWork {
  const running = new Set<Promise<void>>();
  return {
    run(work) {
      const task: Promise<void> = work()
        .catch(onError)
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
