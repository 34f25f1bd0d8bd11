/**
 * Blobs in S3-compatible object storage (AWS S3, MinIO, …; s3rver in tests), one object per key in one bucket,
 * path-style addressing. S3_URL names endpoint, credentials, bucket and region in one string:
 * `http(s)://ACCESS_KEY:SECRET_KEY@host:port/bucket[/prefix][?region=eu-west-1]` (region default us-east-1).
 * Every call is bounded as a whole (BLOB_CALL_TIMEOUT_MS, its tries and the body included), so a store that has
 * gone away or stopped answering fails the call with a BlobStoreError within seconds rather than holding it: a
 * scan ends in error with that message, an image read answers 503.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertBlobKey, BlobNotFoundError, storeError, type BlobStore } from './types.ts';

export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  /** Prefix of every object key ('' or ending in '/'). */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The parts of an S3_URL; throws an Error naming what is missing. */
export function parseS3Url(url: string): S3Location {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`S3_URL must be a URL like http://KEY:SECRET@host:port/bucket, got '${url}'`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`S3_URL must start with http:// or https://, got '${u.protocol}'`);
  const [bucket, ...rest] = u.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('S3_URL must name a bucket: http://KEY:SECRET@host:port/bucket');
  if (!u.username || !u.password) throw new Error('S3_URL must carry credentials: http://KEY:SECRET@host/…');
  return {
    endpoint: `${u.protocol}//${u.host}`,
    region: u.searchParams.get('region') ?? 'us-east-1',
    bucket,
    prefix: rest.length > 0 ? `${rest.join('/')}/` : '',
    accessKeyId: decodeURIComponent(u.username),
    secretAccessKey: decodeURIComponent(u.password),
  };
}

/** How long connecting to the store may take [ms]. */
const CONNECT_TIMEOUT_MS = 2_000;
/**
 * The longest one call to the store may take, both tries and reading the body included [ms]: a scan's slice is
 * a few MiB at most, which a working store moves in well under a second.
 */
export const BLOB_CALL_TIMEOUT_MS = 5_000;

/**
 * Runs `work` with a signal that aborts it after BLOB_CALL_TIMEOUT_MS, and rejects then even when `work` does
 * not heed the signal (a body stream that never ends).
 */
async function bounded<T>(work: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${BLOB_CALL_TIMEOUT_MS / 1000} s`);
      controller.abort(error);
      reject(error);
    }, BLOB_CALL_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export function createS3BlobStore(location: S3Location): BlobStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    maxAttempts: 2,
    // A body's integrity is already checked by the store: the request's signature covers its SHA-256
    // (x-amz-content-sha256). The SDK's default adds a CRC32 of every body (and checks one on reads), computed in
    // this process's main thread: a second pass over each scan's megabytes for nothing (issue 26 item 6).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: BLOB_CALL_TIMEOUT_MS,
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = location.bucket;
  const objectKey = (key: string): string => {
    assertBlobKey(key);
    return `${location.prefix}${key}`;
  };
  const missing = (error: unknown): boolean =>
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
  return {
    kind: 's3',
    async put(key, data) {
      const Key = objectKey(key);
      try {
        await bounded((abortSignal) =>
          client.send(new PutObjectCommand({ Bucket, Key, Body: data }), { abortSignal }),
        );
      } catch (error) {
        throw storeError('write', key, error);
      }
    },
    async get(key) {
      const Key = objectKey(key);
      try {
        return await bounded(async (abortSignal) => {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key }), { abortSignal });
          if (!answer.Body) throw new Error('empty answer');
          return answer.Body.transformToByteArray();
        });
      } catch (error) {
        if (missing(error)) throw new BlobNotFoundError(key);
        throw storeError('read', key, error);
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      try {
        await bounded((abortSignal) =>
          client.send(new DeleteObjectCommand({ Bucket, Key }), { abortSignal }),
        );
      } catch (error) {
        if (!missing(error)) throw storeError('delete', key, error);
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      try {
        do {
          const command = new ListObjectsV2Command({
            Bucket,
            Prefix: `${location.prefix}${prefix}`,
            ContinuationToken,
          });
          const page = await bounded((abortSignal) => client.send(command, { abortSignal }));
          for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(location.prefix.length));
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      } catch (error) {
        throw storeError('list', `${prefix}*`, error);
      }
      return keys.sort();
    },
    async close() {
      client.destroy();
    },
  };
}
