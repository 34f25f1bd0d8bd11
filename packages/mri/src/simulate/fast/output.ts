/** Output helpers of the fast engine: storage layout conversions and the display-orientation image. */
import type { ComplexArray } from '../../recon/image.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import type { RenderedImage } from './render.ts';

/** Undoes the storage checkerboard into new centred arrays. */
export function centred(re: Float64Array, im: Float64Array, nu: number, nv: number): ComplexArray {
  const outRe = new Float64Array(nu * nv);
  const outIm = new Float64Array(nu * nv);
  for (let line = 0; line < nv; line++) {
    for (let c = 0; c < nu; c++) {
      const p = line * nu + c;
      const s = ((line + c) & 1) === 0 ? 1 : -1;
      outRe[p] = s * (re[p] as number);
      outIm[p] = s * (im[p] as number);
    }
  }
  return { re: outRe, im: outIm };
}

export function toFloat32(k: ComplexArray, count: number): { re: Float32Array; im: Float32Array } {
  const re = new Float32Array(k.re.length);
  const im = new Float32Array(k.im.length);
  re.set(k.re.subarray(0, count));
  im.set(k.im.subarray(0, count));
  return { re, im };
}

/**
 * Crops the phase-oversampled lines, applies `scale` (times (−1)^(line+column) when `checker`), transposes to
 * display orientation when the frame says so, and computes the magnitude.
 */
export function displayImage(
  re: Float64Array,
  im: Float64Array,
  frame: AcquisitionFrame,
  scale: number,
  checker: boolean,
  magnitudeOverride?: Float32Array,
): RenderedImage {
  const nu = frame.readCount;
  const keep = frame.phaseMatrix;
  const firstLine = (frame.phaseCount - keep) / 2;
  const outRe = new Float32Array(nu * keep);
  const outIm = new Float32Array(nu * keep);
  const magnitude = new Float32Array(nu * keep);
  const rows = frame.transposed ? nu : keep;
  const columns = frame.transposed ? keep : nu;
  for (let v = 0; v < keep; v++) {
    const line = firstLine + v;
    for (let u = 0; u < nu; u++) {
      const p = line * nu + u;
      const s = checker && ((line + u) & 1) === 1 ? -scale : scale;
      const r = s * (re[p] as number);
      const i = s * (im[p] as number);
      const q = frame.transposed ? u * columns + v : v * columns + u;
      outRe[q] = r;
      outIm[q] = i;
      magnitude[q] = magnitudeOverride ? (magnitudeOverride[p] as number) : Math.sqrt(r * r + i * i);
    }
  }
  return { rows, columns, magnitude, re: outRe, im: outIm };
}
