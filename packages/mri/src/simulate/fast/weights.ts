/**
 * Per-tissue, per-line weights of the fast engine: a contrast is Σ_t w_t(line)·C_t(column)·K_t (DESIGN.md §3).
 *
 * w_t(line) = PD · tissueSignal(protocol, tissue) · exp(−(t_line − TE)/T) · exp(−i·2π·Δf·(t_line − TE))[EPI]
 *   - tissueSignal is M⊥ at the echo that fills the k-space centre (sequence/signal.ts);
 *   - T is T2 for spin-echo trains (TSE: every echo is a spin echo) and T2* for gradient-echo trains (EPI);
 *   - in EPI the off-resonance phase keeps growing from line to line, which shifts fat along phase by
 *     Δf·N_pe·ESP pixels (reference/analytic_formulas.md §9); spin-echo trains refocus it.
 * C_t(column) = exp(−i·2π·κ_read·Δx_t/N_read) with Δx_t = Δf_t/BW_pixel pixels: the chemical shift along readout
 *   (§9; fat at −3.4 ppm moves towards −readDirection, the lower-frequency side).
 */
import type { Protocol, Scanner } from '../../sequence/protocol.ts';
import { echoTimeOfLine, tissueSignal } from '../../sequence/signal.ts';
import { readoutKind } from '../../sequence/timing.ts';
import type { TissueAtField } from '../../tissue/types.ts';

/** Echo time of every phase-encoding line [s] (sequence/signal.ts `echoTimeOfLine`). */
export function lineEchoTimes(protocol: Protocol, phaseCount: number): Float64Array {
  const times = new Float64Array(phaseCount);
  for (let line = 0; line < phaseCount; line++) times[line] = echoTimeOfLine(protocol, line, phaseCount);
  return times;
}

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
  const epi = kind === 'epiGradientEcho' || kind === 'epiSpinEcho';
  const decayTime = kind === 'spinEcho' ? tissue.t2 : tissue.t2star;
  const te = protocol.echoTime;
  for (let line = 0; line < echoTimes.length; line++) {
    const dt = (echoTimes[line] as number) - te;
    if (dt === 0) {
      outRe[line] = sr;
      outIm[line] = si;
      continue;
    }
    const decay = Math.exp(-dt / decayTime);
    const angle = epi ? -2 * Math.PI * tissue.offResonanceHz * dt : 0;
    const c = decay * Math.cos(angle);
    const s = decay * Math.sin(angle);
    outRe[line] = sr * c - si * s;
    outIm[line] = sr * s + si * c;
  }
  return tissue.offResonanceHz / protocol.bandwidthPerPixel;
}
