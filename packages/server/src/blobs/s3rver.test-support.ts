/**
 * s3rver, the S3-compatible server the tests run (STACK.md), started the same way everywhere.
 *
 * One s3rver behaviour is worked around here, not in the product: its file store removes a key's folder when a
 * delete leaves it empty, so a PUT racing a DELETE under the same prefix can find its folder gone, and the write
 * stream's ENOENT is thrown as an uncaught exception that fails the whole test run (real S3 has no folders). The
 * scan queue writes and deletes part outputs under one prefix at once, so each prefix named in `keepPrefixes`
 * gets a sentinel object that keeps its folder: list it with `withoutSentinels`.
 */
import S3rver from 's3rver';
import { createS3BlobStore, parseS3Url } from './s3Store.ts';

/** Name of the sentinel object under each kept prefix. */
export const S3RVER_SENTINEL = 's3rver-keep';

export interface RunningS3rver {
  /** S3_URL of its bucket (credentials, address and bucket). */
  url: string;
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port with bucket `bucket`, storing under `directory`. */
export async function startS3rver(
  directory: string,
  options: { bucket?: string; keepPrefixes?: readonly string[] } = {},
): Promise<RunningS3rver> {
  const bucket = options.bucket ?? 'larmor';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const url = `http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`;
  const store = createS3BlobStore(parseS3Url(url));
  try {
    for (const prefix of options.keepPrefixes ?? [])
      await store.put(`${prefix}${S3RVER_SENTINEL}`, new Uint8Array());
  } finally {
    await store.close();
  }
  return { url, close: () => server.close() };
}

/** `keys` without the sentinels startS3rver put. */
export function withoutSentinels(keys: readonly string[]): string[] {
  return keys.filter((key) => !key.endsWith(`/${S3RVER_SENTINEL}`));
}
