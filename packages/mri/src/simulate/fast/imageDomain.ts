/**
 * The image-domain form of the weighted sum, for contrasts whose weights do not change from line to line (SE,
 * GRE, IR, bSSFP…: every line is acquired at TE) and nothing else varies per line (no motion, full Fourier; a
 * coil array multiplies the image, so it applies after the sum). Then, by linearity of the inverse FFT,
 *   IFFT(Σ_t w_t·C_t·K_t) = Σ_t w_t·IFFT(C_t·K_t) = Σ_t w_t·f_t,
 * where f_t is tissue t's band-limited image, shifted along the readout by its chemical shift: real, because the
 * tissue's fraction image is real (its k-space is Hermitian; the shift's phasors are too, but for the Nyquist
 * column). The f_t are computed once per prepared slice (two per complex FFT, as a + i·b) and kept in the
 * workspace, so a new TE, TR, TI or flip angle costs one multiply-add per tissue per pixel and no FFT; with the
 * coil array's per-pixel sums also kept (./receive.ts `coilStats`), its cost does not grow with the coil count.
 */
import type { ComplexArray } from '../../recon/image.ts';
import { sharedWasmFft2d, type WasmFft2d } from '../../recon/wasmFft.ts';
import { emptyDisplay, receiveLines, type Receive } from './output.ts';
import type { PreparedSlice } from './prepare.ts';
import { firstKeptLine } from '../geometry.ts';
import { fieldFactorAt, type FieldMapCache } from '../fieldMap.ts';
import { groupByPhase, sumBlock, type TissueWeights } from './tissueSum.ts';
import type { ContrastWorkspace, RenderedImage, TissueImageCache } from './types.ts';

export type { TissueImageCache } from './types.ts';
import { centreAndScale, shiftPhasors, type TissueTerm } from './weights.ts';

export function createTissueImageCache(): TissueImageCache {
  return { prepared: undefined, images: [], shifts: [], spare: [] };
}

/** The tissue images of `terms` (computed for the ones missing from the workspace cache) and their weights. */
function tissueImages(
  prepared: PreparedSlice,
  terms: readonly TissueTerm[],
  ws: ContrastWorkspace,
): TissueWeights {
  const cache = ws.tissueImages;
  if (cache.prepared !== prepared) {
    cache.prepared = prepared;
    const size = prepared.frame.readCount * prepared.frame.phaseCount;
    cache.spare = cache.images.filter((image): image is Float32Array => image?.length === size);
    cache.images = [];
    cache.shifts = [];
  }
  const missing = terms.filter((t) => cache.images[t.slot] === undefined || cache.shifts[t.slot] !== t.shift);
  for (let i = 0; i < missing.length; i += 2) computePair(prepared, missing[i], missing[i + 1], ws);
  return groupByPhase(
    terms.map((t) => cache.images[t.slot] as Float32Array),
    terms.map((t) => t.wr[0] as number),
    terms.map((t) => t.wi[0] as number),
  );
}

/** Writes Σ_t w_t·f_t into ws.sumRe/sumIm as a centred image on the acquisition grid. */
export function sumTissueImages(
  prepared: PreparedSlice,
  terms: readonly TissueTerm[],
  ws: ContrastWorkspace,
): void {
  const weights = tissueImages(prepared, terms, ws);
  const { sumRe, sumIm } = ws;
  sumBlock(weights, 0, sumRe.length, sumRe, sumIm);
  if (weights.kind !== 'real') return;
  const [phaseRe, phaseIm] = weights.phaseA;
  for (let p = 0; p < sumRe.length; p++) {
    const a = sumRe[p] as number;
    sumRe[p] = a * phaseRe;
    sumIm[p] = a * phaseIm;
  }
}

/** Acquisition lines per block of renderImageDomain (4 lines of 256: 16 KiB of accumulators). */
const BLOCK_PIXELS = 1024;

/** A gradient echo's field map factor for renderImageDomain: `cache`'s factor at echo time `te` [s]. */
export interface ImageDomainField {
  cache: FieldMapCache;
  te: number;
}

/**
 * The whole contrast in one blocked pass: for each block of kept lines, the weighted sum of the tissue images,
 * the field map's per-pixel factor of a gradient echo when `field` is given (../fieldMap.ts `fieldFactorAt`: the
 * same products as `applyFieldMapCached` on the summed image), then the noise or coil-array receive and the
 * display write (output.ts `receiveLines`). Lines cropped by the phase oversampling are never summed. No EPI
 * displacement (it moves pixels across lines), no k-space kept (render.ts takes the unfused path then).
 */
export function renderImageDomain(
  prepared: PreparedSlice,
  terms: readonly TissueTerm[],
  ws: ContrastWorkspace,
  rx: Receive,
  magnitudeOnly = false,
  field?: ImageDomainField,
): RenderedImage {
  const weights = tissueImages(prepared, terms, ws);
  const real = weights.kind === 'real';
  const [phaseRe, phaseIm] = weights.phaseA;
  const frame = ws.frame;
  const nu = frame.readCount;
  const out = emptyDisplay(frame, magnitudeOnly);
  const firstKept = firstKeptLine(frame);
  const end = firstKept + frame.phaseMatrix;
  const blockLines = Math.max(1, Math.floor(BLOCK_PIXELS / nu));
  // The workspace's line buffers are only phaseCount long: the block accumulators live in sumRe/sumIm.
  const { sumRe: accRe, sumIm: accIm } = ws;
  if (field) fieldFactorAt(field.cache, field.te);
  for (let line = firstKept; line < end; line += blockLines) {
    const to = Math.min(end, line + blockLines);
    const from = line * nu;
    const count = (to - line) * nu;
    sumBlock(weights, from, count, accRe, accIm);
    if (!field) {
      receiveLines(accRe, real ? undefined : accIm, line, to, rx, frame, out, phaseRe, phaseIm);
      continue;
    }
    const { cos, sin } = field.cache;
    for (let j = 0, p = from; j < count; j++, p++) {
      const a = accRe[j] as number;
      const xr = real ? a * phaseRe : a;
      const xi = real ? a * phaseIm : (accIm[j] as number);
      const c = cos[p] as number;
      const s = sin[p] as number;
      accRe[j] = xr * c - xi * s;
      accIm[j] = xr * s + xi * c;
    }
    receiveLines(accRe, accIm, line, to, rx, frame, out);
  }
  return out;
}

let scratch: { re: Float64Array; im: Float64Array } | undefined;

/** computePair's zeroed sum, kept per thread for the last grid size (a new slice allocates none). */
function pairScratch(n: number): { re: Float64Array; im: Float64Array } {
  if (scratch?.re.length !== n) scratch = { re: new Float64Array(n), im: new Float64Array(n) };
  else {
    scratch.re.fill(0);
    scratch.im.fill(0);
  }
  return scratch;
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
  const engine = ws.fft.wasm ? sharedWasmFft2d(nv, nu) : undefined;
  if (engine) return computePairInModule(prepared, a, b, ws, engine);
  const { re, im } = pairScratch(nu * nv);
  // z = A + i·B with A = C_a·K_a, B = C_b·K_b: re(z) = re A − im B, im(z) = im A + re B.
  accumulate(prepared, a, nu, nv, re, im, false);
  if (b) accumulate(prepared, b, nu, nv, re, im, true);
  ws.fft.inverseUncentredUnscaled(re, im);
  centreAndScale(re, im, nu, nv, ws.fft.outputSign / (nu * nv));
  const cache = ws.tissueImages;
  const image = (values: Float64Array): Float32Array => {
    const out = cache.spare.pop() ?? new Float32Array(values.length);
    out.set(values);
    return out;
  };
  keepPair(cache, a, image(re), b && { term: b, image: image(im) });
}

/** Keeps the pair's images (b's when there is one) in the cache under their tissues' slots and shifts. */
function keepPair(
  cache: TissueImageCache,
  a: TissueTerm,
  imageA: Float32Array,
  b: { term: TissueTerm; image: Float32Array } | undefined,
): void {
  cache.images[a.slot] = imageA;
  cache.shifts[a.slot] = a.shift;
  if (b) {
    cache.images[b.term.slot] = b.image;
    cache.shifts[b.term.slot] = b.term.shift;
  }
}

/**
 * computePair with the sum formed in the WebAssembly FFT's own arrays and the images read straight out of them:
 * the same numbers as the JavaScript path (sum from +0, the same kernel, the same centring sign and scale, then
 * Float32), without its zeroing, copying in and out, and separate centring pass. The inverse is the module's
 * forward kernel on swapped real and imaginary parts (recon/fftnd.ts): the sum's imaginary part goes into `re`.
 */
function computePairInModule(
  prepared: PreparedSlice,
  a: TissueTerm,
  b: TissueTerm | undefined,
  ws: ContrastWorkspace,
  engine: WasmFft2d,
): void {
  const nu = prepared.frame.readCount;
  const nv = prepared.frame.phaseCount;
  const { re: moduleIm, im: moduleRe, stride } = engine;
  const aRe = prepared.kRe[a.slot] as Float32Array;
  const aIm = prepared.kIm[a.slot] as Float32Array;
  const colA = a.shift === 0 ? undefined : shiftPhasors(nu, a.shift);
  const bRe = b ? (prepared.kRe[b.slot] as Float32Array) : undefined;
  const bIm = b ? (prepared.kIm[b.slot] as Float32Array) : undefined;
  const colB = !b || b.shift === 0 ? undefined : shiftPhasors(nu, b.shift);
  for (let line = 0; line < nv; line++) {
    const row = line * stride;
    for (let c = 0; c < nu; c++) {
      const p = line * nu + c;
      let xr = aRe[p] as number;
      let xi = aIm[p] as number;
      if (colA) {
        const cr = colA.re[c] as number;
        const ci = colA.im[c] as number;
        const tr = xr * cr - xi * ci;
        xi = xr * ci + xi * cr;
        xr = tr;
      }
      // As accumulate adds into a zeroed sum: +0 first, then A, then i·B.
      let zr = 0 + xr;
      let zi = 0 + xi;
      if (bRe && bIm) {
        let yr = bRe[p] as number;
        let yi = bIm[p] as number;
        if (colB) {
          const cr = colB.re[c] as number;
          const ci = colB.im[c] as number;
          const tr = yr * cr - yi * ci;
          yi = yr * ci + yi * cr;
          yr = tr;
        }
        zr = zr - yi;
        zi = zi + yr;
      }
      moduleRe[row + c] = zr;
      moduleIm[row + c] = zi;
    }
  }
  engine.transformRows(0, nv);
  engine.transformColumns(0, nu);
  const cache = ws.tissueImages;
  const size = nu * nv;
  const imageA = cache.spare.pop() ?? new Float32Array(size);
  const imageB = b ? (cache.spare.pop() ?? new Float32Array(size)) : undefined;
  const scale = ws.fft.outputSign / size;
  for (let line = 0; line < nv; line++) {
    const row = line * stride;
    for (let c = 0; c < nu; c++) {
      const s = ((line + c) & 1) === 0 ? scale : -scale;
      imageA[line * nu + c] = (moduleRe[row + c] as number) * s;
      if (imageB) imageB[line * nu + c] = (moduleIm[row + c] as number) * s;
    }
  }
  keepPair(cache, a, imageA, b && imageB && { term: b, image: imageB });
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
