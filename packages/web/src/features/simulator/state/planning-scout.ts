/** A scout image's pixels as the API sends them (contracts `scoutImageSchema`). */

/** Base64 of little-endian Float32 to numbers (read through a DataView, whatever the machine's byte order). */
export function decodeFloat32Base64(text: string): Float32Array {
  const binary = atob(text);
  const view = new DataView(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) view.setUint8(i, binary.charCodeAt(i));
  const values = new Float32Array(Math.floor(binary.length / 4));
  for (let i = 0; i < values.length; i++) values[i] = view.getFloat32(4 * i, true);
  return values;
}

/** Base64 to bytes (the scout's tissue labels, one per pixel). */
export function decodeUint8Base64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Tissue keys written as words for people ("whiteMatter" → "White matter"; acronyms kept). */
const TISSUE_WORDS: Readonly<Record<string, string>> = { csf: 'CSF', air: 'Air' };

export function tissueName(key: string): string {
  const known = TISSUE_WORDS[key];
  if (known !== undefined) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The tissue under a point of a scout in image pixels (viewBox units: pixel (c, r) covers [c, c+1) × [r, r+1)),
 * or undefined outside the image or in air.
 */
export function tissueAt(
  scout: { rows: number; columns: number; labelValues: Uint8Array; tissues: readonly string[] },
  point: { x: number; y: number },
): string | undefined {
  const c = Math.floor(point.x);
  const r = Math.floor(point.y);
  if (c < 0 || r < 0 || c >= scout.columns || r >= scout.rows) return undefined;
  const label = scout.labelValues[r * scout.columns + c] ?? 0;
  const key = scout.tissues[label];
  return label === 0 || key === undefined ? undefined : tissueName(key);
}
