/**
 * What the Redis back end's producer (redisQueue.ts) and consumer (redisWorker.ts, `larmor worker`) share: the
 * queue's name and key prefix, the channel cancels go out on, where a part's output waits in the blob store, and
 * connecting with a clear error. Producer connections (ioredis with enableOfflineQueue off) fail a call at once
 * while Redis is away instead of queueing it (STACK.md); the connections of workers and event listeners keep
 * ioredis's offline queue and retry without limit, so they wait for Redis to come back rather than spin on
 * errors (BullMQ's advice for workers: maxRetriesPerRequest null).
 */
import { deserialize, serialize } from 'node:v8';
import { Redis, type RedisOptions } from 'ioredis';
import type { PartOutput } from '@larmor/mri/simulate';
import type { StoredSlice } from './stored.ts';
import { QueueUnavailableError, type PartTask } from './types.ts';

/** The BullMQ queue of scan parts. */
export const SCAN_QUEUE = 'scans';
/** Default prefix of every Redis key of the queue (BullMQ's `prefix`); tests use their own. */
export const DEFAULT_QUEUE_PREFIX = 'larmor';

/** The pub/sub channel on which producers ask workers to stop a part (message: the BullMQ job id). */
export const cancelChannel = (prefix: string): string => `${prefix}:${SCAN_QUEUE}:cancel`;

/**
 * A part's BullMQ job: the part of the snapshot, and for a stored part (a fast-engine slice of a scan stored
 * where it runs, jobs/stored.ts) the scan whose keys its blobs go under.
 */
export interface PartJob extends PartTask {
  store?: { scanId: string };
}

/** What a worker answers for a part: the key of its output in the store, or what it stored (a stored part). */
export type PartAnswer = string | StoredPartAnswer;

export interface StoredPartAnswer {
  stored: StoredSlice;
  /** The blobs it wrote (removed again when the part's scan was cancelled meanwhile). */
  keys: string[];
}

/** The blob prefix of part outputs. */
export const PART_OUTPUT_PREFIX = 'job-parts/';

/** Where a worker leaves a part's output for the coordinator (who reads it and deletes it). */
export const partOutputKey = (jobId: string): string => `${PART_OUTPUT_PREFIX}${jobId}.v8`;

/**
 * A part's output as bytes: the V8 serialisation (typed arrays byte for byte, as structuredClone copies them);
 * workers and servers run the same Node major (package.json engines), whose format reads across minor versions.
 */
export const encodePartOutput = (output: PartOutput): Uint8Array => serialize(output);
export const decodePartOutput = (bytes: Uint8Array): PartOutput => deserialize(bytes) as PartOutput;

/** `url` as messages name it: its password, if any, masked (messages reach logs and a scan's error message). */
export function shownRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(an unparsable REDIS_URL)';
  }
}

/** How long a liveness check of Redis may take before the queue counts it as unreachable [ms]. */
const PING_TIMEOUT_MS = 1_000;

/**
 * Resolves when `connection` answers a PING within a second; rejects with QueueUnavailableError otherwise. A
 * connection whose server has just died may still read 'ready' until its socket's close is processed, so the
 * status alone is not enough.
 */
export async function assertRedisAlive(connection: Redis, url: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    if (connection.status !== 'ready') throw new Error(connection.status);
    await Promise.race([
      connection.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)),
          PING_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    throw new QueueUnavailableError(
      `Redis at ${shownRedisUrl(url)} is unreachable (${error instanceof Error ? error.message : String(error)}); try again`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An ioredis connection to `url`, connected, failing with QueueUnavailableError naming the address when Redis
 * cannot be reached. `blocking`: for BullMQ workers, queue events and subscribers, which wait on Redis: their
 * calls wait through an outage (offline queue, no retry limit per request) and go on when Redis is back. A
 * worker's connection without the offline queue has BullMQ's main loop retry a failing call at once, for ever,
 * starving the process (no reconnect, no signal handled). Otherwise a call fails at once while Redis is away.
 */
export async function connectRedis(url: string, blocking: boolean): Promise<Redis> {
  const options: RedisOptions = blocking
    ? { lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: null }
    : { lazyConnect: true, enableOfflineQueue: false };
  const connection = new Redis(url, options);
  // Errors surface through the calls that fail; without a listener ioredis would print each reconnect attempt.
  connection.on('error', () => undefined);
  try {
    await connection.connect();
  } catch (error) {
    connection.disconnect();
    throw new QueueUnavailableError(
      `cannot reach Redis at ${shownRedisUrl(url)}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return connection;
}

/** Node's socket error codes that mean the connection to Redis is gone (not a failed command). */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/** Whether `error` says that Redis cannot be reached (the connection, not the command, failed). */
export function isConnectionError(error: Error): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    (code !== undefined && CONNECTION_ERROR_CODES.has(code)) ||
    /Connection is closed|Stream isn't writeable|ECONNREFUSED|ECONNRESET/.test(error.message)
  );
}

/** How long closing waits for BullMQ to let go of its connections [ms]. */
const CLOSE_TIMEOUT_MS = 5_000;

/**
 * Waits for BullMQ's `closing` at most CLOSE_TIMEOUT_MS: with Redis gone, its close waits for a connection that
 * may never come back, and a process must still stop (the caller then disconnects its connections).
 */
export async function closeWithin(closing: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    closing.catch(() => undefined),
    new Promise((r) => (timer = setTimeout(r, CLOSE_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
}
