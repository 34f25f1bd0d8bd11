/**
 * The element-wise product of two complex arrays held as split real/imaginary parts, written into a third
 * (which may be either input): out[k] = x[k]·w[k] for k < n, with (a + ib)(c + id) = (ac − bd) + i(ad + bc).
 * One loop per call, so a caller's hot path pays no call per element.
 */
export function multiplyComplex(
  xRe: Float64Array,
  xIm: Float64Array,
  wRe: Float64Array,
  wIm: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
  n: number,
): void {
  for (let k = 0; k < n; k++) {
    const xr = xRe[k] as number;
    const xi = xIm[k] as number;
    const wr = wRe[k] as number;
    const wi = wIm[k] as number;
    outRe[k] = xr * wr - xi * wi;
    outIm[k] = xr * wi + xi * wr;
  }
}
