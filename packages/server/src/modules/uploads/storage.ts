/**
 * Where uploaded files' bytes live: files under DATA_DIR/blobs/uploads, named by upload id (DESIGN.md §2:
 * embedded storage; object storage would implement the same three calls).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export interface UploadStore {
  put: (id: string, bytes: Buffer) => Promise<void>;
  get: (id: string) => Promise<Buffer | null>;
  remove: (id: string) => Promise<void>;
}

/** Ids are UUIDs the server made; anything else never reaches the file system. */
const SAFE_ID = /^[0-9a-f-]{36}$/;

export function fileUploadStore(dataDir: string): UploadStore {
  const dir = path.join(dataDir, 'blobs', 'uploads');
  const fileOf = (id: string) => {
    if (!SAFE_ID.test(id)) throw new RangeError(`not an upload id: ${id}`);
    return path.join(dir, id);
  };
  return {
    async put(id, bytes) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(fileOf(id), bytes);
    },
    async get(id) {
      try {
        return await fs.readFile(fileOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(id) {
      await fs.rm(fileOf(id), { force: true });
    },
  };
}
