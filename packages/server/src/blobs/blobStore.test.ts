import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileBlobStore } from './fileStore.ts';
import { createBlobStore } from './index.ts';
import { createS3BlobStore, parseS3Url } from './s3Store.ts';
import { BlobNotFoundError, BlobStoreError, type BlobStore } from './types.ts';

const temp = mkdtempSync(path.join(os.tmpdir(), 'larmor-blobs-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** 1 MiB of bytes that are not all alike. */
const bytes = (n: number, seed: number): Uint8Array =>
  Uint8Array.from({ length: n }, (_, i) => (i * seed + 7) & 255);

/** The contract every back end keeps. */
function blobContract(name: string, open: () => BlobStore): void {
  describe(`blob store contract: ${name}`, () => {
    let store: BlobStore;
    beforeAll(() => {
      store = open();
    });
    afterAll(() => store.close());

    it('gives back the bytes it was given (1 MiB), replaces them on a second put, lists and deletes by key', async () => {
      const big = bytes(1 << 20, 31);
      await store.put('scans/1/slice-000.f32', big);
      await store.put('scans/1/slice-001.f32', bytes(10, 3));
      await store.put('scans/2/slice-000.f32', bytes(10, 5));
      expect(await store.get('scans/1/slice-000.f32')).toEqual(big);
      await store.put('scans/1/slice-001.f32', bytes(20, 9));
      expect(await store.get('scans/1/slice-001.f32')).toEqual(bytes(20, 9));
      expect(await store.list('scans/1/')).toEqual(['scans/1/slice-000.f32', 'scans/1/slice-001.f32']);
      await store.delete('scans/1/slice-000.f32');
      await store.delete('scans/1/never-there');
      expect(await store.list('scans/')).toEqual(['scans/1/slice-001.f32', 'scans/2/slice-000.f32']);
    });

    it('answers a missing key with BlobNotFoundError', async () => {
      await expect(store.get('scans/404/x')).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('refuses keys that are not safe relative paths, and writes nothing for them', async () => {
      const before = await store.list('');
      for (const key of ['../escape', '/abs', 'a//b', 'a/../b', '', 'a b'])
        await expect(store.put(key, bytes(4, 1))).rejects.toThrow(/invalid blob key/);
      expect(await store.list('')).toEqual(before);
    });
  });
}

blobContract('files under a folder', () => createFileBlobStore(path.join(temp, 'files')));

describe('S3-compatible store on a real s3rver', () => {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(temp, 's3rver'),
    configureBuckets: [{ name: 'larmor' }],
  });
  let url = '';
  beforeAll(async () => {
    const { port } = await server.run();
    url = `http://S3RVER:S3RVER@127.0.0.1:${port}/larmor/test`;
  });

  blobContract('s3 (s3rver)', () => createS3BlobStore(parseS3Url(url)));

  it('is what createBlobStore gives when S3_URL is set (files under DATA_DIR/blobs otherwise)', async () => {
    const s3 = createBlobStore({ dataDir: temp, s3Url: url });
    const files = createBlobStore({ dataDir: path.join(temp, 'data'), s3Url: undefined });
    expect([s3.kind, files.kind]).toEqual(['s3', 'files']);
    await files.put('a/b', bytes(3, 1));
    expect(readdirSync(path.join(temp, 'data', 'blobs', 'a'))).toEqual(['b']);
    await Promise.all([s3.close(), files.close()]);
  });

  it('fails with a BlobStoreError naming the operation and key when the server has gone away', async () => {
    const store = createS3BlobStore(parseS3Url(url));
    await server.close();
    await expect(store.put('scans/9/x', bytes(8, 1))).rejects.toThrow(BlobStoreError);
    await expect(store.get('scans/9/x')).rejects.toThrow(/blob store: cannot read 'scans\/9\/x'/);
    await store.close();
  });
});

describe('S3_URL', () => {
  it('names endpoint, credentials, bucket, prefix and region', () => {
    expect(parseS3Url('https://AK:S%2FK@s3.example.org:9000/scans/larmor/prod?region=eu-west-1')).toEqual({
      endpoint: 'https://s3.example.org:9000',
      region: 'eu-west-1',
      bucket: 'scans',
      prefix: 'larmor/prod/',
      accessKeyId: 'AK',
      secretAccessKey: 'S/K',
    });
  });
  it('refuses a URL without bucket or credentials', () => {
    expect(() => parseS3Url('http://AK:SK@host:9000/')).toThrow(/bucket/);
    expect(() => parseS3Url('http://host:9000/b')).toThrow(/credentials/);
    expect(() => parseS3Url('s3://AK:SK@host/b')).toThrow(/http/);
  });
});

/** A 64 KiB tmpfs mounted for the test (needs root, as on CI and the dev machines); undefined where it cannot. */
function mountTinyDisk(): string | undefined {
  const dir = path.join(temp, 'tiny');
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    return undefined;
  }
}

describe('file store faults', () => {
  const tiny = mountTinyDisk();
  afterAll(() => {
    if (tiny) execFileSync('umount', [tiny]);
  });

  it.skipIf(!tiny)(
    'a full disk fails the put with ENOSPC, leaves no partial file and keeps the old blob',
    async () => {
      const store = createFileBlobStore(tiny ?? '');
      await store.put('scan/slice', bytes(1000, 3));
      await expect(store.put('scan/slice', bytes(256 * 1024, 5))).rejects.toThrow(
        /blob store: cannot write 'scan\/slice': .*ENOSPC/,
      );
      expect(await store.get('scan/slice')).toEqual(bytes(1000, 3));
      expect(readdirSync(path.join(tiny ?? '', 'scan'))).toEqual(['slice']);
    },
  );

  it('a folder that cannot hold blobs (a file in its place) fails with a BlobStoreError', async () => {
    const blocked = path.join(temp, 'blocked');
    writeFileSync(blocked, 'not a folder');
    const store = createFileBlobStore(blocked);
    await expect(store.put('a/b', bytes(4, 1))).rejects.toThrow(BlobStoreError);
    await expect(store.get('a/b')).rejects.toThrow(/cannot read 'a\/b'/);
  });
});
