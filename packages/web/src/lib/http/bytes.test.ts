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
});
