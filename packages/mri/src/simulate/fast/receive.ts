/** Multi-channel receive of the fast engine: coil sensitivities, per-coil noise, sum-of-squares combination. */
import type { ComplexArray } from '../../recon/image.ts';
import type { UnitNoise } from '../noise.ts';
import { displayImage } from './output.ts';
import type { ContrastOptions, ContrastWorkspace, RenderedImage } from './render.ts';

/**
 * Full-Fourier coil array: coil c sees s_c·x, plus its own noise. White k-space noise of σ_k per sample is white
 * image noise of σ_k/√N per pixel under the scaled inverse FFT, so the noise is added in the image and no
 * per-coil FFT is needed; only the first coil's k-space is computed, when it is asked for.
 * `ideal`: the noiseless image x (centred, [phase][read]), field map already applied; read, not changed.
 */
export function renderCoilArray(
  ideal: ComplexArray,
  maps: readonly Float32Array[],
  sigmaImage: number,
  noise: readonly UnitNoise[],
  ws: ContrastWorkspace,
  options: ContrastOptions,
): RenderedImage {
  const n = ideal.re.length;
  const nu = ws.frame.readCount;
  // One fused pass, no per-coil image kept: Σ|y_c|² (sum of squares), Σ s_c·y_c and Σ s_c² (combination).
  // Line by line, every coil inner: the accumulators of one line stay in L1 cache while the coils stream past
  // (the per-pixel sums run over the coils in the same order as a coil-by-coil pass, so the result is the same).
  const sosLine = new Float64Array(nu);
  const reLine = new Float64Array(nu);
  const imLine = new Float64Array(nu);
  const normLine = new Float64Array(nu);
  const combRe = new Float64Array(n);
  const combIm = new Float64Array(n);
  const magnitude = new Float32Array(n);
  const keep = options.keepKSpace === true && maps.length > 0;
  for (let base = 0; base < n; base += nu) {
    sosLine.fill(0);
    reLine.fill(0);
    imLine.fill(0);
    normLine.fill(0);
    for (let c = 0; c < maps.length; c++) {
      const map = maps[c] as Float32Array;
      const unit = noise[c];
      // No noise for this coil: σ = 0 against the (finite) map adds +0, as adding nothing does.
      const sigma = unit ? sigmaImage : 0;
      const unitRe = unit?.re ?? map;
      const unitIm = unit?.im ?? map;
      for (let u = 0; u < nu; u++) {
        const i = base + u;
        const s = map[i] as number;
        const yr = s * (ideal.re[i] as number) + sigma * (unitRe[i] as number);
        const yi = s * (ideal.im[i] as number) + sigma * (unitIm[i] as number);
        sosLine[u] = (sosLine[u] as number) + yr * yr + yi * yi;
        reLine[u] = (reLine[u] as number) + s * yr;
        imLine[u] = (imLine[u] as number) + s * yi;
        normLine[u] = (normLine[u] as number) + s * s;
      }
    }
    for (let u = 0; u < nu; u++) {
      const i = base + u;
      magnitude[i] = Math.sqrt(sosLine[u] as number);
      const d = (normLine[u] as number) > 0 ? 1 / (normLine[u] as number) : 0;
      combRe[i] = (reLine[u] as number) * d;
      combIm[i] = (imLine[u] as number) * d;
    }
  }
  const image = displayImage(combRe, combIm, ws.frame, 1, false, magnitude);
  if (!keep) return image;
  // The first coil's signal y_0 = s_0·x + σ·n_0 again (the same expression as above), for its k-space.
  const map = maps[0] as Float32Array;
  const unit = noise[0];
  const sigma = unit ? sigmaImage : 0;
  const unitRe = unit?.re ?? map;
  const unitIm = unit?.im ?? map;
  const firstRe = new Float64Array(n);
  const firstIm = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = map[i] as number;
    firstRe[i] = s * (ideal.re[i] as number) + sigma * (unitRe[i] as number);
    firstIm[i] = s * (ideal.im[i] as number) + sigma * (unitIm[i] as number);
  }
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
