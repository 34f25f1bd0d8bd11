/**
 * When a scan reads the centre of k-space, measured from its start [s]: the moment that sets the image's
 * contrast, and so the moment a bolus-timed scan must meet the contrast peak (Earls et al., Radiology
 * 1996;201:705; Bernstein et al. 2004, Handbook of MRI Pulse Sequences §11.4: with linear phase order the
 * centre comes halfway through the acquisition, with centric order at its start).
 *
 * Model: the acquisition is R = packages · NEX · diffusion images identical passes, one after the other (the
 * outer loops of scanTime, derived.ts), each of S shots (excitations per image, TR apart); within a pass the
 * k-space centre (line phaseCount/2 of the centred k-space) is read by shot s of the phase-encoding order of
 * phase-order.ts, i.e. at the fraction φ = (s + ½)/S of the pass. Averaged over the passes,
 *   t_centre = (T/R) · ((R − 1)/2 + φ),
 * T the scan time. So a linear full-Fourier GRE reads its centre at T/2 (+ T/2N), a partial-Fourier one (the
 * negative half first) later, a centric echo train at the start of each pass. MP-RAGE and MOLLI are timed by
 * their preparations, not by one line per TR: their centre is taken at the middle of the scan. Within one TR.
 */
import { diffusionImages, scanTime } from './derived.ts';
import { phaseEncodingOrder } from './phase-order.ts';
import type { Protocol, Scanner } from './protocol.ts';
import type { Seconds } from '../units.ts';

/** Rounds to the nearest even integer ≥ 2 (the acquisition frame's line counts, simulate/geometry.ts). */
const even = (n: number): number => Math.max(2, 2 * Math.round(n / 2));

/**
 * Centred k-space rows of the protocol's acquisition frame, phase oversampling included: the one rule, which
 * simulate/geometry.ts `acquisitionFrame` uses too.
 */
export function framePhaseCount(protocol: Protocol): number {
  return even(even(protocol.matrixPhase) * (1 + Math.max(0, protocol.phaseOversampling)));
}

/** φ: where in one pass the k-space centre is read, as a fraction of the pass [0–1]. */
export function centreFractionOfPass(protocol: Protocol): number {
  if (protocol.family === 'MPRAGE' || protocol.family === 'MOLLI') return 0.5;
  const phaseCount = framePhaseCount(protocol);
  const order = phaseEncodingOrder(protocol, phaseCount);
  const centre = order.lines.find((l) => l.line === phaseCount / 2);
  if (!centre || order.shots < 1) return 0.5;
  return (centre.shot + 0.5) / order.shots;
}

/** Time from the start of the scan to its reading of the k-space centre [s] (see above). */
export function kSpaceCentreTime(protocol: Protocol, scanner: Scanner): Seconds {
  const time = scanTime(protocol, scanner);
  const nex = Math.max(1, Math.round(protocol.nex));
  const images = protocol.family === 'DWI' ? diffusionImages(protocol) : 1;
  const passes = time.packages * nex * images;
  return (time.seconds / passes) * ((passes - 1) / 2 + centreFractionOfPass(protocol));
}
