/**
 * Blobs in S3-compatible object storage (AWS S3, MinIO, …; s3rver in tests), one object per key in one bucket,
 * path-style addressing. S3_URL names endpoint, credentials, bucket and region in one string:
 * `http(s)://ACCESS_KEY:SECRET_KEY@host:port/bucket[/prefix][?region=eu-west-1]` (region default us-east-1).
 * Requests time out after a few seconds and are tried twice, so a store that has gone away fails a scan with a
 * BlobStoreError rather than holding it.
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

/** Request timeouts [ms]: connecting, and a whole request. */
const CONNECT_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 30_000;

export function createS3BlobStore(location: S3Location): BlobStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    maxAttempts: 2,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
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
        await client.send(new PutObjectCommand({ Bucket, Key, Body: data }));
      } catch (error) {
        throw storeError('write', key, error);
      }
    },
    async get(key) {
      const Key = objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!answer.Body) throw new Error('empty answer');
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (missing(error)) throw new BlobNotFoundError(key);
        throw storeError('read', key, error);
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (!missing(error)) throw storeError('delete', key, error);
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: `${location.prefix}${prefix}`, ContinuationToken }),
          );
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
