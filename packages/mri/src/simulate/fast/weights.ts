/**
 * Per-tissue, per-line weights of the fast engine: a contrast is Σ_t w_t(line)·C_t(column)·K_t (DESIGN.md §3).
 *
 * w_t(line) = PD · tissueSignal(protocol, tissue) · exp(−(t_line − TE)/T) · exp(−i·2π·Δf·(t_line − TE))[EPI]
 *   - tissueSignal is M⊥ at the echo that fills the k-space centre (sequence/signal.ts);
 *   - T is T2 for spin-echo trains (TSE: every echo is a spin echo) and T2* for gradient-echo trains (EPI);
 *   - in spin-echo EPI the lines around the spin echo decay by T2 from excitation and by the reversible T2′
 *     away from the echo centre: exp(−(t − TE)/T2 − |t − TE|/T2′), 1/T2′ = 1/T2* − 1/T2
 *     (reference/analytic_formulas.md §1 and §5);
 *   - t_line is clamped at 0 (the excitation): decay is never extrapolated to before it;
 *   - in EPI the off-resonance phase keeps growing from line to line, which shifts fat along phase by
 *     Δf·N_pe·ESP pixels (reference/analytic_formulas.md §9); spin-echo trains refocus it.
 * C_t(column) = exp(−i·2π·κ_read·Δx_t/N_read) with Δx_t = Δf_t/BW_pixel pixels: the chemical shift along readout
 *   (§9; fat at −3.4 ppm moves towards −readDirection, the lower-frequency side).
 */
import type { Protocol, Scanner } from '../../sequence/protocol.ts';
import { lineEchoTimes, tissueSignal } from '../../sequence/signal.ts';
import { isEpiReadout, readoutKind } from '../../sequence/timing.ts';
import { staticDephasingRate } from '../../tissue/field.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import type { ComplexArray } from '../../recon/image.ts';
import type { PreparedSlice } from './prepare.ts';

/** Echo time of every phase-encoding line [s] (sequence/signal.ts `lineEchoTimes`). */
export { lineEchoTimes };

/**
 * Writes the complex per-line weights of one tissue into (outRe, outIm) and returns its readout shift [pixels].
 * Returns NaN (and writes nothing) when the tissue gives no signal.
 */
export function tissueLineWeights(
  protocol: Protocol,
  scanner: Scanner,
  tissue: TissueAtField,
  echoTimes: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
): number {
  const signal = tissueSignal(protocol, tissue, scanner);
  const sr = signal.re * tissue.pd;
  const si = signal.im * tissue.pd;
  if (sr === 0 && si === 0) return NaN;
  const kind = readoutKind(protocol.family);
  const epi = isEpiReadout(kind);
  const decayTime = kind === 'spinEcho' ? tissue.t2 : tissue.t2star;
  const te = protocol.echoTime;
  for (let line = 0; line < echoTimes.length; line++) {
    // A line cannot be acquired before its excitation (t = 0): clamp, so decay is never extrapolated backwards
    // (exp(+|t|/T2*) grows without bound). Valid protocols never reach the clamp (sequence/validate.ts).
    const dt = Math.max(echoTimes[line] as number, 0) - te;
    if (dt === 0) {
      outRe[line] = sr;
      outIm[line] = si;
      continue;
    }
    const decay =
      kind === 'epiSpinEcho'
        ? Math.exp(-dt / tissue.t2 - Math.abs(dt) * staticDephasingRate(tissue.t2, tissue.t2star))
        : Math.exp(-dt / decayTime);
    const angle = epi ? -2 * Math.PI * tissue.offResonanceHz * dt : 0;
    const c = decay * Math.cos(angle);
    const s = decay * Math.sin(angle);
    outRe[line] = sr * c - si * s;
    outIm[line] = sr * s + si * c;
  }
  return tissue.offResonanceHz / protocol.bandwidthPerPixel;
}

/** One tissue's contribution: its prepared k-space slot, complex weight per line, readout shift [pixels]. */
export interface TissueTerm {
  slot: number;
  wr: Float64Array;
  wi: Float64Array;
  shift: number;
}

export const isLineConstant = (t: TissueTerm): boolean =>
  t.wr.every((v) => v === t.wr[0]) && t.wi.every((v) => v === t.wi[0]);

/** The weights of every tissue of the slice that gives signal (./weights.ts). */
export function tissueTerms(
  prepared: PreparedSlice,
  protocol: Protocol,
  scanner: Scanner,
  tissues: readonly (TissueAtField | undefined)[],
): TissueTerm[] {
  const nv = prepared.frame.phaseCount;
  const echoTimes = lineEchoTimes(protocol, nv);
  const terms: TissueTerm[] = [];
  prepared.labels.forEach((label, slot) => {
    const tissue = tissues[label];
    if (!tissue) return;
    const wr = new Float64Array(nv);
    const wi = new Float64Array(nv);
    const shift = tissueLineWeights(protocol, scanner, tissue, echoTimes, wr, wi);
    if (!Number.isNaN(shift)) terms.push({ slot, wr, wi, shift });
  });
  return terms;
}

/** Column factors exp(−i2π·κ·shift/N) of a readout shift of `shift` pixels (./weights.ts). */
export function shiftPhasors(nu: number, shift: number): ComplexArray {
  const re = new Float64Array(nu);
  const im = new Float64Array(nu);
  for (let c = 0; c < nu; c++) {
    const angle = (-2 * Math.PI * (c - nu / 2) * shift) / nu;
    re[c] = Math.cos(angle);
    // The Nyquist column (c = 0) is its own mirror: keep its factor real so C·K stays Hermitian.
    im[c] = c === 0 ? 0 : Math.sin(angle);
  }
  return { re, im };
}

/** Applies scale·(−1)^(line+column) in place: the output side of the centred inverse (recon/fftnd.ts). */
export function centreAndScale(
  re: Float64Array,
  im: Float64Array,
  nu: number,
  nv: number,
  scale: number,
): void {
  for (let line = 0; line < nv; line++) {
    const base = line * nu;
    for (let c = 0; c < nu; c++) {
      const s = ((line + c) & 1) === 0 ? scale : -scale;
      re[base + c] = (re[base + c] as number) * s;
      im[base + c] = (im[base + c] as number) * s;
    }
  }
}
