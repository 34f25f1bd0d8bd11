import { ENV } from '@larmor/contracts';
import { createBlobStore } from '../../blobs/index.ts';
import { loadConfig } from '../../config.ts';
import { SCAN_QUEUE, shownRedisUrl } from '../../jobs/redis.ts';
import { startRedisWorker, type RedisWorkerOptions } from '../../jobs/redisWorker.ts';
import { parseFlags, UsageError, type CliCommand } from '../command.ts';

/**
 * Runs scan parts from Redis (jobs/redisWorker.ts: BullMQ, one thread per part, outputs to the blob store)
 * until `signal` aborts, then closes every connection. Fails at once, naming the address, when Redis is
 * unreachable.
 */
export async function runWorker(
  options: Omit<RedisWorkerOptions, 'log'>,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<void> {
  const worker = await startRedisWorker({ ...options, log });
  log(
    `worker: running scan parts on ${worker.threads} thread(s) from queue '${SCAN_QUEUE}' at ${shownRedisUrl(options.redisUrl)}; ` +
      `outputs to the ${options.blobs.kind === 's3' ? 'S3' : 'file'} blob store; waiting for scan jobs`,
  );
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await worker.close();
}

/** `larmor worker`: consumes scan jobs from Redis (REDIS_URL) until SIGINT or SIGTERM. */
export const workerCommand: CliCommand = {
  name: 'worker',
  summary:
    'worker    run scans from Redis (needs REDIS_URL; S3_URL or a shared DATA_DIR for outputs) until SIGINT/SIGTERM',
  async run(args) {
    parseFlags(args, {});
    const config = loadConfig();
    const redisUrl = config.redisUrl;
    if (!redisUrl) throw new UsageError(`${ENV.REDIS_URL} is not set; the worker takes scan jobs from Redis`);
    const blobs = createBlobStore(config);
    const stop = new AbortController();
    const abort = (): void => stop.abort();
    process.once('SIGINT', abort);
    process.once('SIGTERM', abort);
    try {
      await runWorker(
        { redisUrl, blobs, ...(config.scanThreads ? { threads: config.scanThreads } : {}) },
        stop.signal,
        (line) => console.log(line),
      );
    } finally {
      await blobs.close();
      process.off('SIGINT', abort);
      process.off('SIGTERM', abort);
    }
    return 0;
  },
};
