/**
 * A synthetic ECG over one R-R interval for the Show ECG display option, with the default cardiac phase marked.
 * The waveform is the sum of Gaussian P, Q, R, S and T events of the dynamical ECG model of McSharry et al.
 * (IEEE Trans Biomed Eng 2003;50:289–294, table 1: angles θᵢ, amplitudes aᵢ, widths bᵢ), evaluated as
 * z(θ) = Σ aᵢ·exp(−Δθᵢ²/(2bᵢ²)) with Δθᵢ the angle to event i wrapped to (−π, π]. The interval runs from one R
 * wave to the next; cardiac phase p (1–20) starts at (p − 1)/20 of it, as in @larmor/mri's heart model
 * (anatomy/body/state.ts: phase 1 at the R wave, end-systole near 0.35 of the cycle).
 */
import { CARDIAC_PHASE_COUNT } from '@larmor/mri/anatomy';

/** McSharry et al. 2003, table 1: P, Q, R, S, T events (θ [rad], a, b [rad]). */
const EVENTS: readonly { theta: number; a: number; b: number }[] = [
  { theta: -Math.PI / 3, a: 1.2, b: 0.25 },
  { theta: -Math.PI / 12, a: -5, b: 0.1 },
  { theta: 0, a: 30, b: 0.1 },
  { theta: Math.PI / 12, a: -7.5, b: 0.1 },
  { theta: Math.PI / 2, a: 0.75, b: 0.4 },
];

/** The angle to `theta` wrapped to (−π, π] [rad]. */
function wrapped(angle: number): number {
  const twoPi = 2 * Math.PI;
  return angle - twoPi * Math.round(angle / twoPi);
}

/** The ECG (arbitrary units) at fraction `t` ∈ [0, 1) of the R-R interval (t = 0 at the R wave). */
export function ecgAt(t: number): number {
  const theta = 2 * Math.PI * t;
  return EVENTS.reduce(
    (sum, e) => sum + e.a * Math.exp(-(wrapped(theta - e.theta) ** 2) / (2 * e.b ** 2)),
    0,
  );
}

/** Where cardiac phase `phase` (1–20) starts, as a fraction of the R-R interval. */
export const phaseStart = (phase: number): number =>
  (Math.min(CARDIAC_PHASE_COUNT, Math.max(1, Math.round(phase))) - 1) / CARDIAC_PHASE_COUNT;
