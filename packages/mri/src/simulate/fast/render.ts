/**
 * `renderContrast`: one image from a prepared slice (./prepare.ts). A contrast is one weighted sum of the
 * per-tissue k-spaces (./weights.ts) and one inverse FFT, so changing TE, TR, TI or the flip angle costs only that
 * (DESIGN.md §3). Around it: motion (../motion.ts), noise (../noise.ts), partial Fourier and multi-coil receive
 * with sum-of-squares combination (recon/).
 *
 * Fast path (one uniform coil, full Fourier, no rotation): the sum is built in the checkerboarded storage of
 * prepare.ts and fed to the bare inverse kernel; the centring sign and 1/N are applied while writing the output.
 */
import { createFft2d, type Fft2d } from '../../recon/fftnd.ts';
import { sumOfSquares, type ComplexArray } from '../../recon/image.ts';
import {
  partialFourierLines,
  partialFourierRecon,
  type PartialFourierMode,
} from '../../recon/partialFourier.ts';
import type { Protocol, Scanner } from '../../sequence/protocol.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import { applyRotation, applyTranslation, lineAcquisitionTimes, type Motion } from '../motion.ts';
import { imageNoiseSigma, type NoiseLevel, type UnitNoise } from '../noise.ts';
import type { PreparedSlice } from './prepare.ts';
import { lineEchoTimes, tissueLineWeights } from './weights.ts';

export interface ContrastOptions {
  /** Tissue properties at the scanner's field per model label (index = label; 0 is air). */
  tissues: readonly (TissueAtField | undefined)[];
  noiseLevel?: NoiseLevel;
  /** Unit noise, phaseCount·readCount samples per coil (noise.ts `unitComplexNoise`); needed when noiseLevel > 0. */
  noise?: readonly UnitNoise[];
  motion?: Motion;
  /** Receive sensitivity per coil element on the acquisition grid [phase][read]; absent: one uniform coil. */
  coilMaps?: readonly Float32Array[];
  partialFourierMode?: PartialFourierMode;
  /** Also return the acquired k-space (first coil, centred, [phase][read]). */
  keepKSpace?: boolean;
  /** Buffers reused between renders of the same frame (createContrastWorkspace). */
  workspace?: ContrastWorkspace;
}

/** One reconstructed image in display orientation ([row][column], ./geometry.ts). */
export interface RenderedImage {
  rows: number;
  columns: number;
  /** Magnitude (sum of squares over coils). */
  magnitude: Float32Array;
  /** Complex image (coil-combined with the sensitivities when there are several coils). */
  re: Float32Array;
  im: Float32Array;
  kspace?: { re: Float32Array; im: Float32Array };
}

/** Scratch buffers of one acquisition frame. */
export interface ContrastWorkspace {
  readonly frame: AcquisitionFrame;
  readonly sumRe: Float64Array;
  readonly sumIm: Float64Array;
  readonly lineRe: Float64Array;
  readonly lineIm: Float64Array;
  readonly colRe: Float64Array;
  readonly colIm: Float64Array;
  readonly fft: Fft2d;
}

export function createContrastWorkspace(frame: AcquisitionFrame): ContrastWorkspace {
  const n = frame.readCount * frame.phaseCount;
  return {
    frame,
    sumRe: new Float64Array(n),
    sumIm: new Float64Array(n),
    lineRe: new Float64Array(frame.phaseCount),
    lineIm: new Float64Array(frame.phaseCount),
    colRe: new Float64Array(frame.readCount),
    colIm: new Float64Array(frame.readCount),
    fft: createFft2d(frame.phaseCount, frame.readCount),
  };
}

/** Renders one contrast of a prepared slice. */
export function renderContrast(
  prepared: PreparedSlice,
  protocol: Protocol,
  scanner: Scanner,
  options: ContrastOptions,
): RenderedImage {
  const frame = prepared.frame;
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const ws =
    options.workspace && options.workspace.frame.readCount === nu && options.workspace.frame.phaseCount === nv
      ? options.workspace
      : createContrastWorkspace(frame);
  const acquired = protocol.partialFourier < 1 ? partialFourierLines(nv, protocol.partialFourier) : nv;
  weightedSum(prepared, protocol, scanner, options.tissues, ws, acquired);
  const motion = options.motion;
  const lineTimes = motion ? lineAcquisitionTimes(protocol, nv) : undefined;
  if (motion?.kind === 'translation' && lineTimes)
    applyTranslation(ws.sumRe, ws.sumIm, frame, lineTimes, motion);

  const level = options.noiseLevel ?? 0;
  const sigmaK = imageNoiseSigma(protocol, scanner, level) * Math.sqrt(nu * nv);
  const noise = options.noise ?? [];
  if (sigmaK > 0 && noise.length < Math.max(1, options.coilMaps?.length ?? 1)) {
    throw new Error('renderContrast: noise level > 0 needs one unit-noise array per coil (noise.ts)');
  }
  const simple = !options.coilMaps && acquired === nv && motion?.kind !== 'rotation';
  if (simple) {
    const kspace = options.keepKSpace ? centredCopy(ws.sumRe, ws.sumIm, nu, nv) : undefined;
    if (sigmaK > 0) addNoise(ws.sumRe, ws.sumIm, noise[0] as UnitNoise, sigmaK, nv * nu, kspace, nu);
    ws.fft.inverseUncentredUnscaled(ws.sumRe, ws.sumIm);
    const image = displayImage(ws.sumRe, ws.sumIm, frame, ws.fft.outputSign / (nu * nv), true);
    return kspace ? { ...image, kspace } : image;
  }

  // General path on the centred k-space.
  let k: ComplexArray = centred(ws.sumRe, ws.sumIm, nu, nv);
  if (motion?.kind === 'rotation' && lineTimes) k = applyRotation(k.re, k.im, frame, lineTimes, motion);
  const mode = options.partialFourierMode ?? 'homodyne';
  const maps = options.coilMaps;
  if (maps && acquired === nv)
    return renderCoilArray(k, maps, sigmaK / Math.sqrt(nu * nv), noise, ws, options);
  const coilK: ComplexArray[] = [];
  if (!maps) {
    coilK.push(k);
  } else {
    const ideal = { re: k.re.slice(), im: k.im.slice() };
    ws.fft.inverse(ideal.re, ideal.im);
    for (const map of maps) {
      const re = new Float64Array(nu * nv);
      const im = new Float64Array(nu * nv);
      for (let i = 0; i < re.length; i++) {
        re[i] = (ideal.re[i] as number) * (map[i] as number);
        im[i] = (ideal.im[i] as number) * (map[i] as number);
      }
      ws.fft.forward(re, im);
      coilK.push({ re, im });
    }
  }
  const coilImages = coilK.map((kc, c) => {
    if (sigmaK > 0) addNoise(kc.re, kc.im, noise[c] as UnitNoise, sigmaK, acquired * nu);
    return partialFourierRecon(kc, nv, nu, acquired, mode);
  });
  const first = coilK[0] as ComplexArray;
  const kspace = options.keepKSpace ? toFloat32(first, acquired * nu) : undefined;
  const combined = maps ? combineWithSensitivities(coilImages, maps) : (coilImages[0] as ComplexArray);
  const image = displayImage(
    combined.re,
    combined.im,
    frame,
    1,
    false,
    maps ? sumOfSquares(coilImages) : undefined,
  );
  return kspace ? { ...image, kspace } : image;
}

/**
 * Full-Fourier coil array: coil c sees s_c·x, plus its own noise. White k-space noise of σ_k per sample is white
 * image noise of σ_k/√N per pixel under the scaled inverse FFT, so the noise is added in the image and no
 * per-coil FFT is needed; only the first coil's k-space is computed, when it is asked for.
 */
function renderCoilArray(
  k: ComplexArray,
  maps: readonly Float32Array[],
  sigmaImage: number,
  noise: readonly UnitNoise[],
  ws: ContrastWorkspace,
  options: ContrastOptions,
): RenderedImage {
  const ideal = { re: k.re.slice(), im: k.im.slice() };
  ws.fft.inverse(ideal.re, ideal.im);
  const n = ideal.re.length;
  const coilImages = maps.map((map, c) => {
    const re = new Float64Array(n);
    const im = new Float64Array(n);
    const unit = noise[c];
    for (let i = 0; i < n; i++) {
      const s = map[i] as number;
      re[i] = s * (ideal.re[i] as number) + (unit ? sigmaImage * (unit.re[i] as number) : 0);
      im[i] = s * (ideal.im[i] as number) + (unit ? sigmaImage * (unit.im[i] as number) : 0);
    }
    return { re, im };
  });
  const combined = combineWithSensitivities(coilImages, maps);
  const image = displayImage(combined.re, combined.im, ws.frame, 1, false, sumOfSquares(coilImages));
  if (!options.keepKSpace) return image;
  const first = coilImages[0] as ComplexArray;
  const kRe = first.re.slice();
  const kIm = first.im.slice();
  ws.fft.forward(kRe, kIm);
  return { ...image, kspace: { re: Float32Array.from(kRe), im: Float32Array.from(kIm) } };
}

/** ws.sum = Σ_t w_t(line)·C_t(column)·K_t over the acquired lines; the other lines are zero. */
function weightedSum(
  prepared: PreparedSlice,
  protocol: Protocol,
  scanner: Scanner,
  tissues: readonly (TissueAtField | undefined)[],
  ws: ContrastWorkspace,
  acquired: number,
): void {
  const nu = prepared.frame.readCount;
  const nv = prepared.frame.phaseCount;
  const { sumRe, sumIm, lineRe, lineIm, colRe, colIm } = ws;
  sumRe.fill(0);
  sumIm.fill(0);
  const echoTimes = lineEchoTimes(protocol, nv);
  prepared.labels.forEach((label, slot) => {
    const tissue = tissues[label];
    if (!tissue) return;
    const shift = tissueLineWeights(protocol, scanner, tissue, echoTimes, lineRe, lineIm);
    if (Number.isNaN(shift)) return;
    const kr = prepared.kRe[slot] as Float64Array;
    const ki = prepared.kIm[slot] as Float64Array;
    if (shift !== 0) {
      for (let c = 0; c < nu; c++) {
        const angle = (-2 * Math.PI * (c - nu / 2) * shift) / nu;
        colRe[c] = Math.cos(angle);
        colIm[c] = Math.sin(angle);
      }
    }
    for (let line = 0; line < acquired; line++) {
      const wr = lineRe[line] as number;
      const wi = lineIm[line] as number;
      const base = line * nu;
      if (shift === 0) {
        for (let p = base, end = base + nu; p < end; p++) {
          const xr = kr[p] as number;
          const xi = ki[p] as number;
          sumRe[p] = (sumRe[p] as number) + wr * xr - wi * xi;
          sumIm[p] = (sumIm[p] as number) + wr * xi + wi * xr;
        }
      } else {
        for (let c = 0; c < nu; c++) {
          const p = base + c;
          const ar = wr * (colRe[c] as number) - wi * (colIm[c] as number);
          const ai = wr * (colIm[c] as number) + wi * (colRe[c] as number);
          const xr = kr[p] as number;
          const xi = ki[p] as number;
          sumRe[p] = (sumRe[p] as number) + ar * xr - ai * xi;
          sumIm[p] = (sumIm[p] as number) + ar * xi + ai * xr;
        }
      }
    }
  });
}

/** Adds σ·unit noise to the first `count` samples; also to `copy` (a Float32 k-space kept for display). */
function addNoise(
  re: Float64Array,
  im: Float64Array,
  unit: UnitNoise,
  sigma: number,
  count: number,
  copy?: { re: Float32Array; im: Float32Array },
  nu = 0,
): void {
  for (let i = 0; i < count; i++) {
    const nr = sigma * (unit.re[i] as number);
    const ni = sigma * (unit.im[i] as number);
    re[i] = (re[i] as number) + nr;
    im[i] = (im[i] as number) + ni;
    if (copy) {
      // The copy is centred, the sum checkerboarded: noise is symmetric, but keep the sample identical.
      const s = (((i / nu) | 0) + (i % nu)) & 1 ? -1 : 1;
      copy.re[i] = (copy.re[i] as number) + s * nr;
      copy.im[i] = (copy.im[i] as number) + s * ni;
    }
  }
}

/** Undoes the storage checkerboard into new centred arrays. */
function centred(re: Float64Array, im: Float64Array, nu: number, nv: number): ComplexArray {
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

function centredCopy(
  re: Float64Array,
  im: Float64Array,
  nu: number,
  nv: number,
): { re: Float32Array; im: Float32Array } {
  const c = centred(re, im, nu, nv);
  return { re: Float32Array.from(c.re), im: Float32Array.from(c.im) };
}

function toFloat32(k: ComplexArray, count: number): { re: Float32Array; im: Float32Array } {
  const re = new Float32Array(k.re.length);
  const im = new Float32Array(k.im.length);
  re.set(k.re.subarray(0, count));
  im.set(k.im.subarray(0, count));
  return { re, im };
}

/** Σ_c s_c·z_c / Σ_c s_c² (real sensitivities): the complex coil combination with the sensitivity maps. */
function combineWithSensitivities(
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

/**
 * Crops the phase-oversampled lines, applies `scale` (times (−1)^(line+column) when `checker`), transposes to
 * display orientation when the frame says so, and computes the magnitude.
 */
function displayImage(
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
