/**
 * EPI distortion by the susceptibility field (Jezzard & Balaban, Magn Reson Med 1995;34:65; Haacke et al. 1999,
 * ch. 20): along an echo-planar train the phase-encoding lines follow one another every τ = ESP/shots, so a spin
 * off resonance by Δf gains the phase 2π·Δf·τ per line step, a linear phase across k_y that moves it along the
 * phase direction by
 *   Δy [pixels] = Δf · τ · N = Δf / BW_phase,   BW_phase = 1/(N·τ) [Hz/pixel],
 * N the phase-encoding lines (the reconstructed matrix along phase, oversampling included). Along the readout the
 * pixel bandwidth is kHz, so the shift there is a small fraction of a pixel and is left out. The sign follows the
 * order the train reads the lines (sequence/signal.ts `epiReadPosition`, sequence/build/epi.ts): upwards (+k_y,
 * the spin's line index grows) with full Fourier, downwards with partial Fourier, with signals
 * S = Σ M⊥·exp(−i2π(k·r + Δf·t)) (docs/conventions.md): k_y = k₀ ± t/(τ·FOV) puts the spin at y ± Δf·τ·FOV.
 * Signal is moved, not lost: where the field's gradient compresses the image it piles up, where it stretches it
 * thins (the Jacobian 1 + ∂Δy/∂y of Jezzard & Balaban's intensity correction), which a forward (push) resampling
 * of each pixel's complex value onto its two nearest lines gives by construction.
 */
import type { Protocol } from '../sequence/protocol.ts';
import { echoSpacingOf } from '../sequence/timing.ts';
import type { Seconds } from '../units.ts';
import type { FieldMapCache, SliceFieldMap } from './fieldMap.ts';

/**
 * The signed time between adjacent phase-encoding lines of an EPI train over `linesTotal` lines [s]: ESP/shots
 * for interleaved shots (the shots of sequence/signal.ts `lineEchoTimes`), positive when the train reads the lines
 * upwards (full Fourier), negative downwards (partial Fourier reads lines [0, acquired) from the top).
 */
export function epiLineIntervalS(protocol: Protocol, linesTotal: number): Seconds {
  const etl = Math.min(Math.round(protocol.echoTrainLength), linesTotal);
  const shots = etl <= 1 || etl >= linesTotal ? 1 : Math.ceil(linesTotal / etl);
  const direction = protocol.partialFourier < 1 ? -1 : 1;
  return (direction * echoSpacingOf(protocol)) / shots;
}

/** The EPI pixel bandwidth along the phase direction, 1/(N·|τ|) [Hz/pixel] (Jezzard & Balaban 1995). */
export function epiPhaseBandwidthHzPerPixel(protocol: Protocol, linesTotal: number): number {
  return 1 / (linesTotal * Math.abs(epiLineIntervalS(protocol, linesTotal)));
}

/**
 * Moves a centred complex image [phase][read] in place along the phase direction by Δf·τ·N pixels per pixel
 * (Δf = `field.hz`, τ = `lineIntervalS` signed, N = the image's lines), each pixel's value pushed onto the two
 * lines around its new place with linear weights; a shift past the field of view wraps around, as the phase
 * encoding aliases it.
 */
export function displaceAlongPhase(
  re: Float64Array,
  im: Float64Array,
  field: SliceFieldMap,
  readCount: number,
  lineIntervalS: Seconds,
): void {
  const n = re.length;
  const below = new Int32Array(n);
  const above = new Int32Array(n);
  const weight = new Float64Array(n);
  phaseTargets(field.hz, readCount, n / readCount, lineIntervalS, below, above, weight);
  pushOntoTargets(re, im, below, above, weight, new Float64Array(n), new Float64Array(n));
}

/**
 * displaceAlongPhase with `cache`'s targets (./fieldMap.ts `createFieldMapCache`): computed once per line interval
 * (an ESP, ETL or partial-Fourier change) into arrays kept with the cache, the output buffers reused; the same
 * values and sums in the same order, so the same image to the bit.
 */
export function displaceAlongPhaseCached(
  re: Float64Array,
  im: Float64Array,
  cache: FieldMapCache,
  lineIntervalS: Seconds,
): void {
  const nu = cache.readCount;
  const nv = re.length / nu;
  const n = re.length;
  let d = cache.displacement;
  if (d?.outRe.length !== n) {
    d = {
      lineIntervalS: NaN,
      below: new Int32Array(n),
      above: new Int32Array(n),
      weight: new Float64Array(n),
      outRe: new Float64Array(n),
      outIm: new Float64Array(n),
    };
    cache.displacement = d;
  }
  const { below, above, weight, outRe, outIm } = d;
  if (d.lineIntervalS !== lineIntervalS) {
    phaseTargets(cache.field.hz, nu, nv, lineIntervalS, below, above, weight);
    d.lineIntervalS = lineIntervalS;
  }
  outRe.fill(0);
  outIm.fill(0);
  pushOntoTargets(re, im, below, above, weight, outRe, outIm);
}

/**
 * Where each pixel of an nv × nu [phase][read] image moves for the line interval τ [s]: to line v + Δf·τ·N, pushed onto
 * the lines below and above it (wrapped around the field of view) with the upper one's weight.
 */
function phaseTargets(
  hz: Float32Array,
  nu: number,
  nv: number,
  lineIntervalS: Seconds,
  below: Int32Array,
  above: Int32Array,
  weight: Float64Array,
): void {
  const pixelsPerHz = lineIntervalS * nv;
  for (let v = 0; v < nv; v++) {
    for (let u = 0; u < nu; u++) {
      const p = v * nu + u;
      const to = v + (hz[p] as number) * pixelsPerHz;
      const line = Math.floor(to);
      weight[p] = to - line;
      below[p] = (((line % nv) + nv) % nv) * nu + u;
      above[p] = ((((line + 1) % nv) + nv) % nv) * nu + u;
    }
  }
}

/** Pushes every pixel onto its two targets into `outRe`/`outIm` (zero on entry), then copies them back. */
function pushOntoTargets(
  re: Float64Array,
  im: Float64Array,
  below: Int32Array,
  above: Int32Array,
  weight: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
): void {
  for (let p = 0; p < re.length; p++) {
    const w = weight[p] as number;
    const a = below[p] as number;
    const b = above[p] as number;
    const r = re[p] as number;
    const i = im[p] as number;
    outRe[a] = (outRe[a] as number) + (1 - w) * r;
    outIm[a] = (outIm[a] as number) + (1 - w) * i;
    outRe[b] = (outRe[b] as number) + w * r;
    outIm[b] = (outIm[b] as number) + w * i;
  }
  re.set(outRe);
  im.set(outIm);
}
