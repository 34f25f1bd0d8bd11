/**
 * `renderContrast`: one image from a prepared slice (./prepare.ts). A contrast is one weighted sum of the
 * per-tissue k-spaces (./weights.ts) and one inverse FFT, so changing TE, TR, TI or the flip angle costs only that
 * (DESIGN.md §3). Around it: motion (../motion.ts), noise (../noise.ts), partial Fourier and multi-coil receive
 * with sum-of-squares combination (recon/).
 *
 * Paths, all giving the same image for the same inputs:
 * - image domain (./imageDomain.ts): weights constant over lines, full Fourier, no motion, and a workspace to
 *   cache the tissue images in: no FFT per contrast; without a field map or kept k-space, sum, receive (one
 *   channel or the coil array's per-pixel sums, ./receive.ts `coilStats`) and display in one blocked pass;
 * - k-space, one channel, full Fourier: the sum is built in the checkerboarded storage of prepare.ts and fed to
 *   the bare inverse kernel; the centring sign and 1/N are applied afterwards (weights.ts `centreAndScale`);
 * - coil arrays (./receive.ts), partial Fourier and rotation go through the centred k-space and recon/.
 * Thermal noise is added in the image for full-Fourier acquisitions (white in both domains) and in k-space before
 * the partial-Fourier reconstruction otherwise.
 */
import { createFft2d } from '../../recon/fftnd.ts';
import { sumOfSquares, type ComplexArray } from '../../recon/image.ts';
import { partialFourierLines, partialFourierRecon } from '../../recon/partialFourier.ts';
import type { Protocol, Scanner } from '../../sequence/protocol.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import { applyFieldMap, applyFieldMapCached, createFieldMapCache } from '../fieldMap.ts';
import { isEpiReadout, readoutKind } from '../../sequence/timing.ts';
import { displaceAlongPhase, displaceAlongPhaseCached, epiLineIntervalS } from '../epiDistortion.ts';
import { applyRotation, applyTranslation, lineAcquisitionTimes } from '../motion.ts';
import { imageNoiseSigma, type UnitNoise } from '../noise.ts';
import type { PreparedSlice } from './prepare.ts';
import { centred, displayImage, emptyDisplay, receiveLines, toFloat32 } from './output.ts';
import {
  applyGain,
  coilStats,
  combineWithSensitivities,
  prescanGain,
  renderCoilArray,
  renderCoilSums,
} from './receive.ts';
import { createTissueImageCache, renderImageDomain, sumTissueImages } from './imageDomain.ts';
import type { CoilSums, ContrastOptions, ContrastWorkspace, RenderedImage } from './types.ts';

export type { ContrastOptions, ContrastWorkspace, RenderedImage } from './types.ts';
import { centreAndScale, isLineConstant, tissueTerms, type TissueTerm } from './weights.ts';
import { weightedSum } from './weightedSum.ts';

export function createContrastWorkspace(frame: AcquisitionFrame): ContrastWorkspace {
  const n = frame.readCount * frame.phaseCount;
  return {
    frame,
    sumRe: new Float64Array(n),
    sumIm: new Float64Array(n),
    lineRe: new Float64Array(frame.phaseCount),
    lineIm: new Float64Array(frame.phaseCount),
    fft: createFft2d(frame.phaseCount, frame.readCount),
    tissueImages: createTissueImageCache(),
    shiftedKSpaces: { prepared: undefined, bySlot: [] },
    coils: { stats: undefined, gain: undefined },
  };
}

let scratch: ContrastWorkspace | undefined;

/**
 * Buffers for a render given no workspace, kept per thread for the last frame size: a new slice then costs no
 * allocation of sums and FFT plans. Only its sums and FFT are shared; nothing returned refers to them.
 */
function scratchWorkspace(frame: AcquisitionFrame): ContrastWorkspace {
  const fits = scratch?.frame.readCount === frame.readCount && scratch.frame.phaseCount === frame.phaseCount;
  if (!scratch || !fits) scratch = createContrastWorkspace(frame);
  // Fresh caches: without a workspace of their own, callers never promised to keep their arrays unchanged.
  return {
    ...scratch,
    frame,
    tissueImages: createTissueImageCache(),
    shiftedKSpaces: undefined,
    coils: { stats: undefined, gain: undefined },
  };
}

/** Gradient echoes see the static field at TE; spin echoes refocus it (../fieldMap.ts). */
function dephasesInField(protocol: Protocol): boolean {
  const kind = readoutKind(protocol.family);
  return kind === 'gradientEcho' || kind === 'epiGradientEcho' || kind === 'mprage';
}

/** Renders one contrast of a prepared slice. */
export function renderContrast(
  prepared: PreparedSlice,
  protocol: Protocol,
  scanner: Scanner,
  options: ContrastOptions,
): RenderedImage {
  return renderTerms(
    prepared,
    tissueTerms(prepared, protocol, scanner, options.tissues),
    protocol,
    scanner,
    options,
  );
}

/**
 * renderContrast with the weights of `prepared`'s slots given: a slice whose slots are a contrast's weighted
 * images rather than tissues (./contrastSlice.ts) renders with its own terms; `options.tissues` is not read.
 */
export function renderTerms(
  prepared: PreparedSlice,
  terms: readonly TissueTerm[],
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
      : scratchWorkspace(frame);
  const acquired = protocol.partialFourier < 1 ? partialFourierLines(nv, protocol.partialFourier) : nv;
  const motion = options.motion;
  const level = options.noiseLevel ?? 0;
  const sigmaImage = imageNoiseSigma(protocol, scanner, level);
  const sigmaK = sigmaImage * Math.sqrt(nu * nv);
  const noise = options.noise ?? [];
  const sums = options.coilSums;
  if (sums && options.coilMaps)
    throw new RangeError('renderContrast: give the coil array as coilMaps or as coilSums, not both');
  if (sums && sigmaK > 0 && !sums.firstNoise)
    throw new Error('renderContrast: noise level > 0 needs coil sums built with noise (coilSums.ts)');
  if (!sums && sigmaK > 0 && noise.length < Math.max(1, options.coilMaps?.length ?? 1)) {
    throw new Error('renderContrast: noise level > 0 needs one unit-noise array per coil (noise.ts)');
  }
  // Gradient echoes: phase and dephasing at TE; EPI trains (gradient or spin echo): displacement along phase.
  const dephases = dephasesInField(protocol);
  const epi = isEpiReadout(readoutKind(protocol.family));
  const field = options.fieldMap && (dephases || epi) ? options.fieldMap : undefined;
  const cache = options.fieldMapCache?.field === field ? options.fieldMapCache : undefined;
  const applyField = (re: Float64Array, im: Float64Array): void => {
    if (!field) return;
    if (dephases) {
      if (cache) applyFieldMapCached(re, im, cache, protocol.echoTime);
      else applyFieldMap(re, im, field, frame, protocol.echoTime);
    }
    if (epi) {
      const interval = epiLineIntervalS(protocol, nv);
      if (cache) displaceAlongPhaseCached(re, im, cache, interval);
      else displaceAlongPhase(re, im, field, nu, interval);
    }
  };
  const maps = options.coilMaps;
  /** The coil array's receive of the ideal image x (centred, field applied), from its maps or its sums. */
  const receiveArray = (x: ComplexArray, array: readonly Float32Array[] | CoilSums): RenderedImage =>
    isSums(array)
      ? renderCoilSums(x, array, sigmaImage, ws, options)
      : renderCoilArray(x, array, sigmaImage, noise, ws, options);
  const coilArray = maps ?? sums;
  // Every k-space comes from the k-space paths below (the image-domain path forms none).
  const keepKSpace = options.keepKSpace === true || options.keepCoilKSpaces === true;
  const magnitudeOnly = options.magnitudeOnly === true;
  if (acquired === nv && !motion && options.workspace && terms.every(isLineConstant)) {
    // Same image as the k-space path below (linearity), without its FFT: see ./imageDomain.ts.
    // A gradient echo's field factor is per pixel, so it joins the blocked pass; EPI's displacement does not.
    if ((!field || !epi) && !keepKSpace) {
      const coils = maps ? coilStats(ws, maps, noise) : sums?.stats;
      const normalise = options.prescanNormalize === true;
      const gain = !normalise ? undefined : maps ? prescanGain(ws, maps) : sums?.gain;
      const rx = { sigma: sigmaImage, unit: noise[0], coils, gain };
      const factor = field && { cache: cache ?? createFieldMapCache(field, frame), te: protocol.echoTime };
      return renderImageDomain(prepared, terms, ws, rx, magnitudeOnly, factor);
    }
    sumTissueImages(prepared, terms, ws);
    applyField(ws.sumRe, ws.sumIm);
    if (!coilArray) return finishSingle(ws, sigmaImage, noise[0], keepKSpace, magnitudeOnly);
    return receiveArray({ re: ws.sumRe, im: ws.sumIm }, coilArray);
  }
  weightedSum(prepared, terms, ws.sumRe, ws.sumIm, acquired, ws.shiftedKSpaces);
  const lineTimes = motion ? lineAcquisitionTimes(protocol, nv) : undefined;
  if (motion?.kind === 'translation' && lineTimes)
    applyTranslation(ws.sumRe, ws.sumIm, frame, lineTimes, motion);
  if (acquired === nv && motion?.kind !== 'rotation') {
    // The checkerboarded sum straight into the bare inverse kernel (prepare.ts storage).
    ws.fft.inverseUncentredUnscaled(ws.sumRe, ws.sumIm);
    centreAndScale(ws.sumRe, ws.sumIm, nu, nv, ws.fft.outputSign / (nu * nv));
    applyField(ws.sumRe, ws.sumIm);
    if (!coilArray) return finishSingle(ws, sigmaImage, noise[0], keepKSpace, magnitudeOnly);
    return receiveArray({ re: ws.sumRe, im: ws.sumIm }, coilArray);
  }
  if (sums)
    throw new RangeError(
      'renderContrast: coil sums serve full-Fourier acquisitions without rotation; give coilMaps and noise',
    );

  // General path on the centred k-space.
  let k: ComplexArray = centred(ws.sumRe, ws.sumIm, nu, nv);
  if (motion?.kind === 'rotation' && lineTimes) k = applyRotation(k.re, k.im, frame, lineTimes, motion);
  const mode = options.partialFourierMode ?? 'homodyne';
  if (maps && acquired === nv) {
    // Rotated: the centred k-space to the image, then the same coil array.
    ws.fft.inverse(k.re, k.im);
    applyField(k.re, k.im);
    return renderCoilArray(k, maps, sigmaImage, noise, ws, options);
  }
  if (field) {
    // The field acts on the image (partial Fourier, or rotation on one channel): to it and back.
    ws.fft.inverse(k.re, k.im);
    applyField(k.re, k.im);
    ws.fft.forward(k.re, k.im);
    k.re.fill(0, acquired * nu);
    k.im.fill(0, acquired * nu);
  }
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
  const coilKSpaces =
    maps && options.keepCoilKSpaces === true ? coilK.map((kc) => toFloat32(kc, acquired * nu)) : undefined;
  const combined = maps ? combineWithSensitivities(coilImages, maps) : (coilImages[0] as ComplexArray);
  const image = displayImage(
    combined.re,
    combined.im,
    frame,
    1,
    false,
    maps ? sumOfSquares(coilImages) : undefined,
  );
  if (maps && options.prescanNormalize === true) applyGain(image, prescanGain(ws, maps));
  return { ...image, ...(kspace ? { kspace } : {}), ...(coilKSpaces ? { coilKSpaces } : {}) };
}

const isSums = (array: readonly Float32Array[] | CoilSums): array is CoilSums => !Array.isArray(array);

/**
 * Single channel, full Fourier: adds the thermal noise to the centred image in ws.sum and builds the output.
 * White k-space noise of σ_k per sample is white image noise of σ_k/√N per pixel under the scaled inverse FFT,
 * so both render paths add σ_image·unit noise here and give the same image for the same noise. The k-space, when
 * asked for, is the forward FFT of the noisy image.
 */
function finishSingle(
  ws: ContrastWorkspace,
  sigmaImage: number,
  unit: UnitNoise | undefined,
  keepKSpace: boolean,
  magnitudeOnly: boolean,
): RenderedImage {
  const { sumRe: re, sumIm: im } = ws;
  if (!keepKSpace) {
    // Noise, crop, transpose and magnitude in one pass (output.ts).
    const image = emptyDisplay(ws.frame, magnitudeOnly);
    const rx = { sigma: sigmaImage > 0 ? sigmaImage : 0, unit, coils: undefined };
    receiveLines(re, im, 0, ws.frame.phaseCount, rx, ws.frame, image);
    return image;
  }
  if (sigmaImage > 0 && unit) {
    for (let i = 0; i < re.length; i++) {
      re[i] = (re[i] as number) + sigmaImage * (unit.re[i] as number);
      im[i] = (im[i] as number) + sigmaImage * (unit.im[i] as number);
    }
  }
  const image = displayImage(re, im, ws.frame, 1, false);
  const kRe = re.slice();
  const kIm = im.slice();
  ws.fft.forward(kRe, kIm);
  return { ...image, kspace: { re: Float32Array.from(kRe), im: Float32Array.from(kIm) } };
}

/** Adds σ·unit noise to the first `count` samples of a k-space. */
function addNoise(re: Float64Array, im: Float64Array, unit: UnitNoise, sigma: number, count: number): void {
  for (let i = 0; i < count; i++) {
    re[i] = (re[i] as number) + sigma * (unit.re[i] as number);
    im[i] = (im[i] as number) + sigma * (unit.im[i] as number);
  }
}
