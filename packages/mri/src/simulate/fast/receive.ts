/** Multi-channel receive of the fast engine: coil sensitivities, per-coil noise, sum-of-squares combination. */
import type { ComplexArray } from '../../recon/image.ts';
import type { UnitNoise } from '../noise.ts';
import { displayImage } from './output.ts';
import type { ContrastOptions, ContrastWorkspace, RenderedImage } from './render.ts';

/**
 * Full-Fourier coil array: coil c sees s_c·x, plus its own noise. White k-space noise of σ_k per sample is white
 * image noise of σ_k/√N per pixel under the scaled inverse FFT, so the noise is added in the image and no
 * per-coil FFT is needed; only the first coil's k-space is computed, when it is asked for.
 */
export function renderCoilArray(
  k: ComplexArray,
  maps: readonly Float32Array[],
  sigmaImage: number,
  noise: readonly UnitNoise[],
  ws: ContrastWorkspace,
  options: ContrastOptions,
  applyField: (re: Float64Array, im: Float64Array) => void,
): RenderedImage {
  const ideal = { re: k.re.slice(), im: k.im.slice() };
  ws.fft.inverse(ideal.re, ideal.im);
  applyField(ideal.re, ideal.im);
  const n = ideal.re.length;
  // One fused pass per coil, no per-coil image kept: Σ|y_c|² (sum of squares), Σ s_c·y_c and Σ s_c² (combination).
  const sos = new Float64Array(n);
  const combRe = new Float64Array(n);
  const combIm = new Float64Array(n);
  const norm = new Float64Array(n);
  let firstRe: Float64Array | undefined;
  let firstIm: Float64Array | undefined;
  maps.forEach((map, c) => {
    const unit = noise[c];
    const keep = c === 0 && options.keepKSpace === true;
    const keepRe = keep ? new Float64Array(n) : undefined;
    const keepIm = keep ? new Float64Array(n) : undefined;
    for (let i = 0; i < n; i++) {
      const s = map[i] as number;
      const yr = s * (ideal.re[i] as number) + (unit ? sigmaImage * (unit.re[i] as number) : 0);
      const yi = s * (ideal.im[i] as number) + (unit ? sigmaImage * (unit.im[i] as number) : 0);
      sos[i] = (sos[i] as number) + yr * yr + yi * yi;
      combRe[i] = (combRe[i] as number) + s * yr;
      combIm[i] = (combIm[i] as number) + s * yi;
      norm[i] = (norm[i] as number) + s * s;
      if (keepRe && keepIm) {
        keepRe[i] = yr;
        keepIm[i] = yi;
      }
    }
    if (keepRe && keepIm) {
      firstRe = keepRe;
      firstIm = keepIm;
    }
  });
  const magnitude = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    magnitude[i] = Math.sqrt(sos[i] as number);
    const d = (norm[i] as number) > 0 ? 1 / (norm[i] as number) : 0;
    combRe[i] = (combRe[i] as number) * d;
    combIm[i] = (combIm[i] as number) * d;
  }
  const image = displayImage(combRe, combIm, ws.frame, 1, false, magnitude);
  if (!firstRe || !firstIm) return image;
  ws.fft.forward(firstRe, firstIm);
  return { ...image, kspace: { re: Float32Array.from(firstRe), im: Float32Array.from(firstIm) } };
}

/** Σ_c s_c·z_c / Σ_c s_c² (real sensitivities): the complex coil combination with the sensitivity maps. */
export function combineWithSensitivities(
  images: readonly ComplexArray[],
  maps: readonly Float32Array[],
): ComplexArray {
  const n = images[0]?.re.length ?? 0;
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  const norm = new Float64Array(n);
  images.forEach((image, c) => {
    const map = maps[c] as Float32Array;
    for (let i = 0; i < n; i++) {
      const s = map[i] as number;
      re[i] = (re[i] as number) + s * (image.re[i] as number);
      im[i] = (im[i] as number) + s * (image.im[i] as number);
      norm[i] = (norm[i] as number) + s * s;
    }
  });
  for (let i = 0; i < n; i++) {
    const d = (norm[i] as number) > 0 ? 1 / (norm[i] as number) : 0;
    re[i] = (re[i] as number) * d;
    im[i] = (im[i] as number) * d;
  }
  return { re, im };
}
