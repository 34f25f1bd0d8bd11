/**
 * Binary answers as typed arrays (DESIGN.md §1 lib/): a GET with the stored bearer token whose body is read as
 * bytes, failures normalised like the JSON client's (api-error.ts). Pixels and k-space travel as little-endian
 * Float32; on a big-endian machine they are byte-swapped on the way in.
 */
import { normalizeHttpError } from './api-error.ts';
import { STORAGE_KEYS } from './storage.ts';

export interface BinaryOptions {
  local?: Pick<Storage, 'getItem'>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** The body of GET `url` (a path the API answered, e.g. '/api/v1/…/slices/0') as bytes. */
export async function fetchBytes(url: string, options: BinaryOptions = {}): Promise<ArrayBuffer> {
  const local = options.local ?? localStorage;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const token = local.getItem(STORAGE_KEYS.accessToken);
  const response = await doFetch(url, {
    headers: {
      Accept: 'application/octet-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the text is the message.
    }
    throw normalizeHttpError(response.status, body);
  }
  return response.arrayBuffer();
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Little-endian Float32 bytes as a Float32Array (copied and swapped only on a big-endian machine). */
export function float32FromLittleEndian(bytes: ArrayBuffer): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new RangeError('Float32 data must be a multiple of 4 bytes');
  if (LITTLE_ENDIAN) return new Float32Array(bytes);
  const view = new DataView(bytes);
  return Float32Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getFloat32(4 * i, true));
}

/** GET `url` as little-endian Float32 values. */
export async function fetchFloat32(url: string, options: BinaryOptions = {}): Promise<Float32Array> {
  return float32FromLittleEndian(await fetchBytes(url, options));
}
