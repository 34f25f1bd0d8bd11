/**
 * The scan queue the configuration names (DESIGN.md §2): BullMQ on Redis when REDIS_URL is set (scans run in
 * `larmor worker` processes, part outputs pass through the blob store, one thread here joins Bloch chunks), else
 * worker threads in this process,
 * cores − 1 of them (SCAN_THREADS overrides) so that the API stays responsive.
 */
import type { BlobStore } from '../blobs/types.ts';
import type { ServerConfig } from '../config.ts';
import { createRedisQueue } from './redisQueue.ts';
import { createThreadQueue, serverThreadCount } from './threadQueue.ts';
import type { ScanQueue } from './types.ts';

export type { ScanJob, ScanProgress, ScanQueue, SubmitOptions } from './types.ts';
export type { StoredScan } from './stored.ts';
export { QueueUnavailableError, ScanCancelledError } from './types.ts';

export async function createScanQueue(
  config: Pick<ServerConfig, 'redisUrl' | 'scanThreads'>,
  blobs: BlobStore,
): Promise<ScanQueue> {
  if (!config.redisUrl)
    return createThreadQueue({ threads: config.scanThreads ?? serverThreadCount(), blobs });
  // Parts run in `larmor worker`s; one thread here joins Bloch chunks off the event loop and runs a finished
  // scan's part again for a view it did not store (per-coil k-space).
  const assembler = createThreadQueue({ threads: 1 });
  try {
    const queue = await createRedisQueue({
      redisUrl: config.redisUrl,
      blobs,
      assemble: assembler.assemble,
      recompute: assembler.runPart,
    });
    return {
      ...queue,
      close: async () => {
        await queue.close();
        await assembler.close();
      },
    };
  } catch (error) {
    await assembler.close();
    throw error;
  }
}
