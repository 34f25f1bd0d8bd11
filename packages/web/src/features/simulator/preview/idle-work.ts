/**
 * Work a worker does while no request waits: `schedule` runs the work after `delayMs` without a new request;
 * `cancel` (called as each request arrives) drops it. The preview worker prepares a moved slice's tissues this
 * way (engine.prepareTissues, ~40 ms), so a drag's next move never waits for it and the next contrast change
 * after the drag finds it done.
 */
export interface IdleWork {
  schedule(work: () => void): void;
  cancel(): void;
}

export function idleWork(delayMs: number): IdleWork {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    cancel,
    schedule(work) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        work();
      }, delayMs);
    },
  };
}
