/**
 * A `larmor worker` for tests, as its own process (so a test can kill it mid-part): the Redis worker on one thread
 * of testing/misbehavingThread.ts, with a 1 s lock and a 0.5 s stalled-job check (the worker's own defaults when
 * DEFAULT_LOCK is set), a file blob store under BLOB_DIR, the queue prefix in QUEUE_PREFIX. Prints `ready` when it
 * takes jobs; SIGTERM stops it.
 */
import { createFileBlobStore } from '../../blobs/fileStore.ts';
import { startRedisWorker } from '../redisWorker.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const worker = await startRedisWorker({
  redisUrl: env('REDIS_URL'),
  blobs: createFileBlobStore(env('BLOB_DIR')),
  prefix: env('QUEUE_PREFIX'),
  threads: 1,
  threadFile: new URL('./misbehavingThread.ts', import.meta.url),
  ...(process.env['DEFAULT_LOCK'] ? {} : { lockDurationMs: 1000, stalledIntervalMs: 500 }),
});
console.log('ready');
process.once('SIGTERM', () => void worker.close());
