/** The blob store the configuration names: S3-compatible storage when S3_URL is set, else files under DATA_DIR/blobs. */
import path from 'node:path';
import { createFileBlobStore } from './fileStore.ts';
import { createS3BlobStore, parseS3Url } from './s3Store.ts';
import type { BlobStore } from './types.ts';

export type { BlobStore } from './types.ts';
export { BlobNotFoundError, BlobStoreError } from './types.ts';

export function createBlobStore(config: { dataDir: string; s3Url: string | undefined }): BlobStore {
  return config.s3Url
    ? createS3BlobStore(parseS3Url(config.s3Url))
    : createFileBlobStore(path.join(config.dataDir, 'blobs'));
}
