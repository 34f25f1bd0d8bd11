/**
 * Paints 8-bit grey pixels (row by row) on a canvas: the one way the app draws a grey image outside the
 * Cornerstone viewer (the live preview, localisers, thumbnails, k-space and mask views).
 */

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Writes `grey` into RGBA `target` (4 bytes a pixel): grey in R, G and B, opaque alpha. */
export function packGrey(grey: ArrayLike<number>, target: Uint8ClampedArray): void {
  // One 32-bit write per pixel (ImageData is RGBA in memory; the platform's byte order decides where each byte of
  // the word lands).
  const pixels = new Uint32Array(target.buffer, target.byteOffset, target.byteLength / 4);
  for (let i = 0; i < grey.length; i++) {
    const v = grey[i] as number;
    pixels[i] =
      (LITTLE_ENDIAN ? 0xff000000 | (v << 16) | (v << 8) | v : (v << 24) | (v << 16) | (v << 8) | 0xff) >>> 0;
  }
}

/**
 * Sizes `canvas` to columns × rows (only when that changes: resizing clears and reallocates it) and paints
 * `grey` on it. False (and nothing done) where the canvas has no 2D context (tests).
 */
export function paintGrey(
  canvas: HTMLCanvasElement,
  grey: ArrayLike<number>,
  columns: number,
  rows: number,
): boolean {
  const context = canvas.getContext('2d');
  if (!context) return false;
  if (canvas.width !== columns) canvas.width = columns;
  if (canvas.height !== rows) canvas.height = rows;
  const image = context.createImageData(columns, rows);
  packGrey(grey, image.data);
  context.putImageData(image, 0, 0);
  return true;
}
