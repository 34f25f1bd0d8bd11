/** Window/level (display window) of an image: `center` and `width` in pixel units map linearly to 0–255. */
export function windowToGrey(
  pixels: Float32Array,
  window: { center: number; width: number },
): Uint8ClampedArray {
  const low = window.center - window.width / 2;
  const scale = window.width > 0 ? 255 / window.width : 0;
  const grey = new Uint8ClampedArray(pixels.length);
  for (let i = 0; i < pixels.length; i++) grey[i] = ((pixels[i] as number) - low) * scale;
  return grey;
}
