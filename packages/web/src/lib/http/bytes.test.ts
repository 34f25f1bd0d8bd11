import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.ts';
import { createHttpClient } from './index.ts';

const local = {
  getItem: (key: string) => (key === 'accessToken' ? 'tok' : null),
  setItem: () => undefined,
  clear: () => undefined,
};

/** A client whose every call is answered by `fetch`. */
const clientOf = (fetch: typeof globalThis.fetch) => createHttpClient({ baseUrl: '/api', local, fetch });

describe('binary answers', () => {
  it('reads little-endian Float32 with the bearer token', async () => {
    const values = new Float32Array([1.5, -2, 1e-3]);
    let auth: string | undefined;
    const result = await clientOf(async (_url, init) => {
      auth = (init?.headers as Record<string, string>).Authorization;
      return {
        ok: true,
        status: 200,
        arrayBuffer: async () => values.buffer.slice(0),
      } as unknown as Response;
    }).float32('/api/x');
    expect(auth).toBe('Bearer tok');
    expect(Array.from(result)).toEqual(Array.from(values));
  });

  it('a failed answer becomes an ApiError with the server’s message and code', async () => {
    const body = JSON.stringify({ error: { message: 'Reconstructed images not found', code: 404 } });
    const failing = clientOf(
      async () => ({ ok: false, status: 404, text: async () => body }) as unknown as Response,
    ).float32('/api/x');
    await expect(failing).rejects.toBeInstanceOf(ApiError);
    await expect(failing).rejects.toMatchObject({ status: 404 });
  });

  it('a download whose answer came in time is not cut off while its body is read', async () => {
    const client = createHttpClient({
      baseUrl: '/api',
      local,
      timeoutMs: 20,
      fetch: async (_url, init) => {
        const signal = init?.signal;
        return {
          ok: true,
          status: 200,
          // The body arrives after the timeout: it must not be aborted by it.
          arrayBuffer: () =>
            new Promise<ArrayBuffer>((resolve, reject) => {
              setTimeout(() => {
                if (signal?.aborted === true) reject(signal.reason);
                else resolve(new Float32Array([7]).buffer);
              }, 60);
            }),
        } as unknown as Response;
      },
    });
    expect(Array.from(await client.float32('/api/x'))).toEqual([7]);
  });
});
