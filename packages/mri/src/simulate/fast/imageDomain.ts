/**
 * The image-domain form of the weighted sum, for contrasts whose weights do not change from line to line (SE,
 * GRE, IR, bSSFP…: every line is acquired at TE) and nothing else varies per line (no motion, full Fourier, one
 * channel). Then, by linearity of the inverse FFT,
 *   IFFT(Σ_t w_t·C_t·K_t) = Σ_t w_t·IFFT(C_t·K_t) = Σ_t w_t·f_t,
 * where f_t is tissue t's band-limited image, shifted along the readout by its chemical shift: real, because the
 * tissue's fraction image is real (its k-space is Hermitian; the shift's phasors are too, but for the Nyquist
 * column). The f_t are computed once per prepared slice (two per complex FFT, as a + i·b) and kept in the
 * workspace, so a new TE, TR, TI or flip angle costs one multiply-add per tissue per pixel and no FFT.
 */
import type { ComplexArray } from '../../recon/image.ts';
import type { PreparedSlice } from './prepare.ts';
import type { ContrastWorkspace } from './render.ts';
import { centreAndScale, shiftPhasors, type TissueTerm } from './weights.ts';

/** Tissue images of one prepared slice, per slot, with the readout shift each was made for. */
export interface TissueImageCache {
  prepared: PreparedSlice | undefined;
  images: (Float32Array | undefined)[];
  shifts: number[];
}

export function createTissueImageCache(): TissueImageCache {
  return { prepared: undefined, images: [], shifts: [] };
}

/** Writes Σ_t w_t·f_t into ws.sumRe/sumIm as a centred image on the acquisition grid. */
export function sumTissueImages(
  prepared: PreparedSlice,
  terms: readonly TissueTerm[],
  ws: ContrastWorkspace,
): void {
  const cache = ws.tissueImages;
  if (cache.prepared !== prepared) {
    cache.prepared = prepared;
    cache.images = [];
    cache.shifts = [];
  }
  const missing = terms.filter((t) => cache.images[t.slot] === undefined || cache.shifts[t.slot] !== t.shift);
  for (let i = 0; i < missing.length; i += 2) computePair(prepared, missing[i], missing[i + 1], ws);
  const { sumRe, sumIm } = ws;
  sumRe.fill(0);
  sumIm.fill(0);
  const n = sumRe.length;
  for (const term of terms) {
    const f = cache.images[term.slot] as Float32Array;
    const wr = term.wr[0] as number;
    const wi = term.wi[0] as number;
    for (let p = 0; p < n; p++) {
      const v = f[p] as number;
      sumRe[p] = (sumRe[p] as number) + wr * v;
      sumIm[p] = (sumIm[p] as number) + wi * v;
    }
  }
}

/** f_a and f_b from one inverse FFT of C_a·K_a + i·C_b·K_b (the k-spaces are stored checkerboarded). */
function computePair(
  prepared: PreparedSlice,
  a: TissueTerm | undefined,
  b: TissueTerm | undefined,
  ws: ContrastWorkspace,
): void {
  if (!a) return;
  const nu = prepared.frame.readCount;
  const nv = prepared.frame.phaseCount;
  const re = new Float64Array(nu * nv);
  const im = new Float64Array(nu * nv);
  // z = A + i·B with A = C_a·K_a, B = C_b·K_b: re(z) = re A − im B, im(z) = im A + re B.
  accumulate(prepared, a, nu, nv, re, im, false);
  if (b) accumulate(prepared, b, nu, nv, re, im, true);
  ws.fft.inverseUncentredUnscaled(re, im);
  centreAndScale(re, im, nu, nv, ws.fft.outputSign / (nu * nv));
  const cache = ws.tissueImages;
  cache.images[a.slot] = Float32Array.from(re);
  cache.shifts[a.slot] = a.shift;
  if (b) {
    cache.images[b.slot] = Float32Array.from(im);
    cache.shifts[b.slot] = b.shift;
  }
}

/** Adds C·K (times i when `timesI`) of one tissue into (re, im). */
function accumulate(
  prepared: PreparedSlice,
  term: TissueTerm,
  nu: number,
  nv: number,
  re: Float64Array,
  im: Float64Array,
  timesI: boolean,
): void {
  const kr = prepared.kRe[term.slot] as Float32Array;
  const ki = prepared.kIm[term.slot] as Float32Array;
  const col: ComplexArray | undefined = term.shift === 0 ? undefined : shiftPhasors(nu, term.shift);
  for (let line = 0; line < nv; line++) {
    for (let c = 0; c < nu; c++) {
      const p = line * nu + c;
      let xr = kr[p] as number;
      let xi = ki[p] as number;
      if (col) {
        const cr = col.re[c] as number;
        const ci = col.im[c] as number;
        const tr = xr * cr - xi * ci;
        xi = xr * ci + xi * cr;
        xr = tr;
      }
      if (timesI) {
        re[p] = (re[p] as number) - xi;
        im[p] = (im[p] as number) + xr;
      } else {
        re[p] = (re[p] as number) + xr;
        im[p] = (im[p] as number) + xi;
      }
    }
  }
}
