/**
 * Blobs as files under a folder (DATA_DIR/blobs by default): key `a/b/c` is the file `a/b/c`. A put writes a
 * temporary file beside the target and renames it over the target, so readers see the old or the new blob, never
 * a part; the temporary file is removed when the write fails (e.g. ENOSPC on a full disk).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, BlobNotFoundError, storeError, type BlobStore } from './types.ts';

const isCode = (error: unknown, code: string): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;

/** Every file under `dir`, as keys relative to `root` with `/` separators. */
async function walk(root: string, dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isCode(error, 'ENOENT') || isCode(error, 'ENOTDIR')) return [];
    throw error;
  }
  const keys: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    // One by one: a spread passes every key as an argument, and a store of many scans overflows the stack.
    if (e.isDirectory()) for (const key of await walk(root, full)) keys.push(key);
    else if (e.isFile() && !e.name.includes('.tmp-'))
      keys.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return keys;
}

export function createFileBlobStore(root: string): BlobStore {
  const fileOf = (key: string): string => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'files',
    async put(key, data) {
      const file = fileOf(key);
      const temp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw storeError('write', key, error);
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return new Uint8Array(await readFile(file));
      } catch (error) {
        if (isCode(error, 'ENOENT')) throw new BlobNotFoundError(key);
        throw storeError('read', key, error);
      }
    },
    async delete(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (error) {
        throw storeError('delete', key, error);
      }
    },
    async list(prefix) {
      try {
        return (await walk(root, root)).filter((k) => k.startsWith(prefix)).sort();
      } catch (error) {
        throw storeError('list', `${prefix}*`, error);
      }
    },
    async close() {},
  };
}
