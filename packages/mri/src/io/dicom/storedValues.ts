/**
 * How the DICOM export turns a series' float magnitudes into the integers it stores (the series' brightest pixel
 * becomes MAX_STORED_VALUE), and its default window into integer stored values. One mapping, used by the exporter
 * (mrImage.ts) and by every viewer, so the W/L numbers on screen are the window in the file's stored values.
 * The file also carries Rescale Slope = 1/scale (issue 23.8), so a reader recovers the served magnitudes; its
 * Window Center/Width apply after that rescale (PS3.3 C.11.2.1.2), so they are these integers × the slope.
 */

/** 12-bit magnitudes in 16-bit words, as MR scanners store them (Bits Stored 12). */
export const DICOM_BITS_STORED = 12;
/** The largest stored value: the series' brightest pixel. */
export const MAX_STORED_VALUE = 2 ** DICOM_BITS_STORED - 1;

/**
 * Stored value per unit of magnitude for a series: MAX_STORED_VALUE over its peak |value| (the peak for
 * magnitudes, which are ≥ 0); 0 for a blank series. NaN is ignored.
 */
export function storedValueScale(images: readonly ArrayLike<number>[]): number {
  let peak = 0;
  for (const image of images) {
    for (let i = 0; i < image.length; i++) {
      const v = Math.abs(image[i] as number);
      if (v > peak) peak = v;
    }
  }
  return peak > 0 && Number.isFinite(peak) ? MAX_STORED_VALUE / peak : 0;
}

/**
 * The stored value of one magnitude: rounded to the nearest integer and clamped to ±MAX_STORED_VALUE (a
 * magnitude ≥ 0 stays in [0, MAX_STORED_VALUE], as Bits Stored 12 unsigned requires).
 */
export function toStoredValue(value: number, scale: number): number {
  const stored = Math.round(value * scale);
  return stored > MAX_STORED_VALUE
    ? MAX_STORED_VALUE
    : stored < -MAX_STORED_VALUE
      ? -MAX_STORED_VALUE
      : stored || 0;
}

/** An image's stored values (the pixel data the export writes), as a typed array of integers. */
export function toStoredValues(values: ArrayLike<number>, scale: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < out.length; i++) out[i] = toStoredValue(values[i] as number, scale);
  return out;
}

/**
 * A display window in magnitude units as the export's Window Center/Width: integers in stored values, width at
 * least 1 (PS3.3 C.11.2.1.2.1 requires ≥ 1). A blank series (scale 0) gets the full stored range.
 */
export function toStoredWindow(
  window: { center: number; width: number },
  scale: number,
): { center: number; width: number } {
  if (!(scale > 0)) return { center: Math.round(MAX_STORED_VALUE / 2), width: MAX_STORED_VALUE };
  return {
    center: Math.round(window.center * scale),
    width: Math.max(1, Math.round(window.width * scale)),
  };
}
