import { ENV } from '@larmor/contracts';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { UsageError, type CliCommand } from '../command.ts';

/** The BullMQ queue scan jobs go through when REDIS_URL is set (DESIGN.md §2). */
export const SCAN_QUEUE = 'scans';

/**
 * Until a scan engine is registered with the queue (DESIGN.md §7), a job this worker takes fails with this
 * message, so a producer sees why rather than waiting for ever.
 */
async function processScanJob(job: Job): Promise<never> {
  throw new Error(`scan job ${job.id ?? '?'}: this worker has no scan engine yet`);
}

/**
 * Connects to Redis at `redisUrl` (failing at once when it is unreachable), consumes scan jobs until `signal`
 * aborts, then closes every connection.
 */
export async function runWorker(
  redisUrl: string,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<void> {
  const connection = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: null,
  });
  // Connection errors surface through connect() and the worker; without a listener ioredis prints them again.
  connection.on('error', () => undefined);
  try {
    await connection.connect();
  } catch (error) {
    connection.disconnect();
    throw new Error(
      `worker: cannot reach Redis at ${redisUrl}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  const worker = new Worker(SCAN_QUEUE, processScanJob, { connection, concurrency: 1 });
  worker.on('failed', (job, error) => log(`worker: job ${job?.id ?? '?'} failed: ${error.message}`));
  await worker.waitUntilReady();
  log(`worker: waiting for scan jobs on queue '${SCAN_QUEUE}' at ${redisUrl}`);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await worker.close();
  await connection.quit();
}

/** `larmor worker`: consumes scan jobs from Redis (REDIS_URL) until SIGINT or SIGTERM. */
export const workerCommand: CliCommand = {
  name: 'worker',
  summary: 'worker    consume scan jobs from Redis (needs REDIS_URL) until SIGINT/SIGTERM',
  async run() {
    const redisUrl = process.env[ENV.REDIS_URL];
    if (!redisUrl) throw new UsageError(`${ENV.REDIS_URL} is not set; the worker takes scan jobs from Redis`);
    const stop = new AbortController();
    const abort = (): void => stop.abort();
    process.once('SIGINT', abort);
    process.once('SIGTERM', abort);
    try {
      await runWorker(redisUrl, stop.signal, (line) => console.log(line));
    } finally {
      process.off('SIGINT', abort);
      process.off('SIGTERM', abort);
    }
    return 0;
  },
};
