/**
 * The blob store (DESIGN.md §2): images and k-space of scans, and other binary objects, by key. Two back ends
 * behind one interface: files under DATA_DIR/blobs (the embedded default) and S3-compatible object storage when
 * S3_URL is set. Every failure of the store (a full disk, an unreachable or refusing server) surfaces as a
 * BlobStoreError that names the operation, the key and the cause; a missing key as BlobNotFoundError.
 */

export interface BlobStore {
  /** 'files' or 's3'. */
  readonly kind: 'files' | 's3';
  /** Stores `data` under `key`, replacing what was there; a reader never sees a partly written blob. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes under `key`; BlobNotFoundError when there are none. */
  get(key: string): Promise<Uint8Array>;
  /** Removes `key`; removing a missing key is no error. */
  delete(key: string): Promise<void>;
  /** Keys that start with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Releases connections. */
  close(): Promise<void>;
}

/** The store failed (disk full, server unreachable, …); the message names what was being done. */
export class BlobStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BlobStoreError';
  }
}

export class BlobNotFoundError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`blob '${key}' not found`);
    this.key = key;
    this.name = 'BlobNotFoundError';
  }
}

/** Keys are relative paths of safe segments: letters, digits, `.`, `_`, `-`, separated by `/`. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 512;

/** Throws a RangeError for a key that is not a safe relative path (no `..`, no leading `/`, no empty segment). */
export function assertBlobKey(key: string): void {
  if (key.length > MAX_KEY_LENGTH || !KEY.test(key))
    throw new RangeError(
      `invalid blob key '${key}': segments of letters, digits, '.', '_', '-' joined by '/'`,
    );
}

/** Wraps a back end's error as a BlobStoreError for `operation` on `key`. */
export function storeError(operation: string, key: string, error: unknown): BlobStoreError {
  const cause = error instanceof Error ? error.message : String(error);
  return new BlobStoreError(`blob store: cannot ${operation} '${key}': ${cause}`, { cause: error });
}
