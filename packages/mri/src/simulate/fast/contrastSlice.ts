/**
 * One contrast of a new slice geometry without splitting it into tissues (issue 26: the live preview's slice
 * moved). A contrast whose weights are constant over the lines, full Fourier and without motion is, by linearity
 * of every step of ./prepare.ts and of the inverse FFT (./imageDomain.ts),
 *   Σ_t w_t·IFFT(C_t·K_t) = Σ_s e^(iφ_s)·IFFT(C_s·K[Σ_{t∈s} a_t·F_t]),
 * where F_t is tissue t's fraction image on the fine grid, K[·] the windowed k-space prepareSlice forms of a fine
 * image, and the slots s group the tissues of one readout shift C_s (chemical shift: water, fat) whose weights
 * share a phase φ_s, w_t = a_t·e^(iφ_s) with a_t real (SE, IR, FLAIR: one phase; a gradient echo gives fat its
 * own). So the slice needs one fine image per slot (usually two: one forward FFT) and one inverse FFT per two
 * slots, instead of one per tissue each way. What it cannot serve is a second contrast: that needs every tissue's
 * k-space (prepareSlice). Contrasts whose weights vary over the lines (TSE, EPI), that are partial Fourier, or
 * whose tissues' weights take more than MAX_SLOTS phases and shifts (bSSFP) get undefined here.
 * The same image as renderContrast on prepareSlice's k-spaces but for rounding (contrastSlice.test.ts).
 */
import type { LabelVolume } from '../../anatomy/types.ts';
import { partialFourierLines } from '../../recon/partialFourier.ts';
import type { Protocol, Scanner } from '../../sequence/protocol.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import { prepareWeightedSlice, type PrepareOptions, type PreparedSlice } from './prepare.ts';
import { renderTerms } from './render.ts';
import type { ContrastOptions, RenderedImage } from './types.ts';
import { lineEchoTimes, tissueLineWeights, type TissueTerm } from './weights.ts';

/** A contrast's slice: one k-space per readout shift (its slots) and the weights that render it. */
export interface ContrastSlice {
  prepared: PreparedSlice;
  terms: readonly TissueTerm[];
}

/** |Im(w·e^(−iφ))| below this fraction of |w| counts as the common phase (imageDomain.ts's tolerance). */
const SAME_PHASE_TOLERANCE = 1e-12;
/**
 * Most weighted images (two forward FFTs): a contrast whose tissues need more (bSSFP, where each tissue's phase
 * differs) is prepared per tissue.
 */
const MAX_SLOTS = 4;

/**
 * The slice of `frame` prepared for this one contrast (see the module comment), or undefined where the contrast
 * needs every tissue's k-space (then prepareSlice and renderContrast).
 */
export function prepareContrastSlice(
  volume: LabelVolume,
  frame: AcquisitionFrame,
  protocol: Protocol,
  scanner: Scanner,
  tissues: readonly (TissueAtField | undefined)[],
  options: PrepareOptions = {},
): ContrastSlice | undefined {
  const nv = frame.phaseCount;
  if (protocol.partialFourier < 1 && partialFourierLines(nv, protocol.partialFourier) !== nv)
    return undefined;
  const echoTimes = lineEchoTimes(protocol, nv);
  const wr = new Float64Array(nv);
  const wi = new Float64Array(nv);
  const weights: { label: number; re: number; im: number; shift: number }[] = [];
  for (let label = 1; label < tissues.length; label++) {
    const tissue = tissues[label];
    if (!tissue) continue;
    const shift = tissueLineWeights(protocol, scanner, tissue, echoTimes, wr, wi);
    if (Number.isNaN(shift)) continue;
    const re = wr[0] as number;
    const im = wi[0] as number;
    if (!wr.every((v) => v === re) || !wi.every((v) => v === im)) return undefined;
    weights.push({ label, re, im, shift });
  }
  // Slots: tissues of one readout shift whose weights share a phase (imageDomain.ts's test of a common phase).
  const slots: { shift: number; phaseRe: number; phaseIm: number }[] = [];
  const slotOf = new Int32Array(tissues.length).fill(-1);
  const scale = new Float64Array(tissues.length);
  // Largest weights first: each slot's phase is that of its largest weight.
  weights.sort((a, b) => Math.hypot(b.re, b.im) - Math.hypot(a.re, a.im));
  for (const w of weights) {
    const size = Math.hypot(w.re, w.im);
    let slot = slots.findIndex(
      (s) =>
        s.shift === w.shift && Math.abs(w.im * s.phaseRe - w.re * s.phaseIm) <= SAME_PHASE_TOLERANCE * size,
    );
    if (slot < 0) {
      if (slots.length === MAX_SLOTS) return undefined;
      slot = slots.push({ shift: w.shift, phaseRe: w.re / size, phaseIm: w.im / size }) - 1;
    }
    const s = slots[slot] as (typeof slots)[number];
    slotOf[w.label] = slot;
    scale[w.label] = w.re * s.phaseRe + w.im * s.phaseIm;
  }
  const prepared = prepareWeightedSlice(volume, frame, { slotOf, scale }, options);
  const terms = prepared.labels.map((slot, index) => {
    const s = slots[slot] as (typeof slots)[number];
    return {
      slot: index,
      wr: new Float64Array(nv).fill(s.phaseRe),
      wi: new Float64Array(nv).fill(s.phaseIm),
      shift: s.shift,
    };
  });
  return { prepared, terms };
}

/** The contrast of `slice` (renderContrast's options; `tissues` is not read: the slice holds the weights). */
export function renderContrastSlice(
  slice: ContrastSlice,
  protocol: Protocol,
  scanner: Scanner,
  options: ContrastOptions,
): RenderedImage {
  return renderTerms(slice.prepared, slice.terms, protocol, scanner, options);
}
