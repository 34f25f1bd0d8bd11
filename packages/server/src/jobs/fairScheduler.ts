/**
 * Fair shares of the scan threads between users (issue 19.2), at the level of parts: a scan is many parts
 * (coordinator.ts), and a first-come first-served queue lets one user's backlog of big scans hold every thread
 * while another user's one-slice scan waits behind all of it.
 *
 * The thread back end runs its parts through a FairScheduler: at most `slots` parts (its threads) are handed
 * to the pool at once, so piscina never queues them; the rest wait in one queue per owner (the user who ran the
 * scan), and each freed slot goes to the next owner in turn (round-robin), the oldest part of that owner first.
 * A user's parts therefore wait behind at most one part of each other busy user, however long their backlogs.
 *
 * The Redis back end cannot hold parts back without leaving workers idle (it does not know how many there
 * are), so it gives each part a BullMQ priority instead: `backlogPriority`.
 */
import type { PartRunner, PartTask } from './types.ts';
import type { PartOutput } from '@larmor/mri/simulate';

/** The owner of parts submitted without one (the CLI, the bench): they share one turn. */
export const NO_OWNER = '';

interface Waiting {
  task: PartTask;
  signal: AbortSignal;
  resolve: (output: PartOutput) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

export interface FairScheduler {
  /** Runs `owner`'s part once a slot is free and it is the owner's turn; `signal` takes it out of the wait. */
  run(owner: string, task: PartTask, signal: AbortSignal): Promise<PartOutput>;
  /** Parts waiting for a slot, all owners together. */
  waiting(): number;
}

/** A scheduler that runs at most `slots` parts at once on `run`, round-robin over owners. */
export function createFairScheduler(run: PartRunner, slots: number): FairScheduler {
  /** Each owner's waiting parts, oldest first; the map's order is the turn order (next owner first). */
  const queues = new Map<string, Waiting[]>();
  let inFlight = 0;
  let waitingCount = 0;

  const start = (entry: Waiting): void => {
    entry.signal.removeEventListener('abort', entry.onAbort);
    inFlight++;
    run(entry.task, entry.signal)
      .then(entry.resolve, entry.reject)
      .finally(() => {
        inFlight--;
        pump();
      });
  };

  /** Hands free slots to the owners in turn: the first owner's oldest part, then that owner goes last. */
  function pump(): void {
    while (inFlight < slots) {
      const next = queues.entries().next();
      if (next.done) return;
      const [owner, parts] = next.value;
      const entry = parts.shift() as Waiting;
      waitingCount--;
      queues.delete(owner);
      if (parts.length > 0) queues.set(owner, parts);
      start(entry);
    }
  }

  return {
    run(owner, task, signal) {
      return new Promise<PartOutput>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const entry: Waiting = {
          task,
          signal,
          resolve,
          reject,
          onAbort: () => {
            const parts = queues.get(owner);
            const at = parts?.indexOf(entry) ?? -1;
            if (!parts || at < 0) return;
            parts.splice(at, 1);
            waitingCount--;
            if (parts.length === 0) queues.delete(owner);
            reject(signal.reason);
          },
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
        const parts = queues.get(owner);
        if (parts) parts.push(entry);
        else queues.set(owner, [entry]);
        waitingCount++;
        pump();
      });
    },
    waiting: () => waitingCount,
  };
}

/** BullMQ's lowest priority (its highest number). */
export const LOWEST_BULLMQ_PRIORITY = 2_097_151;

/**
 * The BullMQ priority of a part released while its owner has `backlog` parts of this coordinator in Redis not
 * yet finished: its place in the owner's backlog (1 for a user with nothing in Redis). BullMQ takes the lowest
 * number first, and equal numbers in the order added, so the parts of a user with a short backlog go before
 * those deep in another user's backlog: a light scan passes a backlog instead of waiting behind it, and users
 * with backlogs of the same depth take turns. Bounded by the scan cap (MAX_ACTIVE_SCANS_PER_USER scans' parts).
 */
export const backlogPriority = (backlog: number): number =>
  Math.min(LOWEST_BULLMQ_PRIORITY, Math.max(1, backlog + 1));
