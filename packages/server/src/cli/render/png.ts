/** The CLI's slice previews as 8-bit greyscale PNGs, written by fast-png. */
import { encode } from 'fast-png';

/** Encodes `pixels` (width·height bytes, row by row) as a greyscale PNG. */
export function encodePngGrey8(pixels: Uint8Array, width: number, height: number): Uint8Array {
  if (pixels.length !== width * height) throw new RangeError('pixel count ≠ width·height');
  return encode({ width, height, data: pixels, depth: 8, channels: 1 });
}
