/** Pixels and k-space travel as little-endian Float32; on a big-endian machine they are byte-swapped on the way in. */

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Little-endian Float32 bytes as a Float32Array (copied and swapped only on a big-endian machine). */
export function float32FromLittleEndian(bytes: ArrayBuffer): Float32Array {
  if (bytes.byteLength % 4 !== 0) throw new RangeError('Float32 data must be a multiple of 4 bytes');
  if (LITTLE_ENDIAN) return new Float32Array(bytes);
  const view = new DataView(bytes);
  return Float32Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getFloat32(4 * i, true));
}
