/**
 * Open event streams per user on this API process (issue 19 item 8): each stream takes a slot of its user
 * and gives it back when it closes, so one user cannot hold an unbounded number of connections, subscriptions
 * and heartbeat timers. Counted per process: with several API processes behind a balancer, per node.
 */
import { ERROR_CAUSES, ERROR_CODES, SESSION_EVENT_STREAMS_PER_USER_MAX } from '@larmor/contracts';
import { ApiError } from '../../plugins/errors.ts';

export class StreamSlots {
  private readonly open = new Map<string, number>();
  private readonly max: number;

  constructor(max = SESSION_EVENT_STREAMS_PER_USER_MAX) {
    this.max = max;
  }

  /**
   * Takes a slot of `userId`, or throws a 429 when the user holds the most already. Answers the function that
   * gives the slot back: it may be called any number of times, and gives it back once.
   */
  take(userId: string): () => void {
    const held = this.open.get(userId) ?? 0;
    if (held >= this.max) {
      throw new ApiError(
        429,
        ERROR_CODES.BAD_REQUEST,
        `At most ${this.max} event streams may be open at once: close another tab of the simulator`,
        ERROR_CAUSES.RATE_LIMITED,
      );
    }
    this.open.set(userId, held + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left > 0) this.open.set(userId, left);
      else this.open.delete(userId);
    };
  }
}
