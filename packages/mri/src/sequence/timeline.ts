import type { Hertz, HertzPerMeter, Radians, Seconds } from '../units.ts';

/**
 * The event timeline: what the Bloch engine runs and what Pulseq files hold. It mirrors Pulseq's block
 * structure (reference/pulseq-specification.tex) with every quantity decoded to SI units and absolute times
 * inside its block. Gradients are in Pulseq's [Hz/m] (γ̄·G), RF in [Hz] (γ̄·B1).
 */
export interface SequenceTimeline {
  /** Raster times [s] the file or protocol was built on. */
  raster: {
    gradient: Seconds;
    rf: Seconds;
    adc: Seconds;
    block: Seconds;
  };
  blocks: readonly SequenceBlock[];
  /** Free-form [DEFINITIONS] of the source file (FOV, Name, …), kept for round trips. */
  definitions: Readonly<Record<string, string>>;
}

/** One block: events that start together; the block lasts `duration` [s]. */
export interface SequenceBlock {
  duration: Seconds;
  rf?: RfEvent;
  gx?: GradientEvent;
  gy?: GradientEvent;
  gz?: GradientEvent;
  adc?: AdcEvent;
  /** Extension entries (labels, triggers, RF spoiling…) as the reader decoded them. */
  extensions?: readonly ExtensionEvent[];
}

/** An RF pulse: complex amplitude samples [Hz] at `times` [s] from the start of the pulse, after `delay`. */
export interface RfEvent {
  /** Peak amplitude scale already applied to the samples [Hz]. */
  amplitude: Float64Array;
  /** Phase of each sample [rad]. */
  phase: Float64Array;
  /** Sample times from the pulse start (after `delay`) [s], sample centres. */
  times: Float64Array;
  delay: Seconds;
  freqOffset: Hertz;
  phaseOffset: Radians;
  /** Time of the pulse's centre (for TE/TR) from the pulse start [s]. */
  center: Seconds;
  use: 'excitation' | 'refocusing' | 'inversion' | 'saturation' | 'preparation' | 'undefined';
  /**
   * Frequency offset proportional to the system frequency [ppm] (Pulseq ≥ 1.5); the engine adds
   * freqOffsetPpm·f0[MHz] to `freqOffset`. Absent means 0.
   */
  freqOffsetPpm?: number;
  /** Phase offset proportional to the system frequency [rad/MHz] (Pulseq ≥ 1.5); absent means 0. */
  phaseOffsetPpm?: number;
}

/** A gradient on one axis, as a piecewise-linear waveform: amplitude [Hz/m] at time [s] from block start. */
export interface GradientEvent {
  times: Float64Array;
  amplitudes: Float64Array;
}

/** An ADC event: `numSamples` samples, sample n taken at block start + delay + (n + ½)·dwell. */
export interface AdcEvent {
  numSamples: number;
  dwell: Seconds;
  delay: Seconds;
  freqOffset: Hertz;
  phaseOffset: Radians;
  /** Receiver frequency offset proportional to the system frequency [ppm] (Pulseq ≥ 1.5); absent means 0. */
  freqOffsetPpm?: number;
  /** Receiver phase offset proportional to the system frequency [rad/MHz] (Pulseq ≥ 1.5); absent means 0. */
  phaseOffsetPpm?: number;
  /** Extra receiver phase of each sample [rad] (Pulseq ≥ 1.5 phase shape); absent means none. */
  phaseModulation?: Float64Array;
}

/** An extension entry of a block ([EXTENSIONS] in Pulseq). */
export interface ExtensionEvent {
  type: string;
  values: readonly number[];
  /** The entry's text field, if its type has one (label name of LABELSET/LABELINC, hint of a soft delay). */
  text?: string;
}

/** Gradient amplitude [Hz/m] of one axis at time `t` [s] from block start (0 outside the waveform). */
export function gradientAt(g: GradientEvent, t: Seconds): HertzPerMeter {
  const { times, amplitudes } = g;
  const n = times.length;
  if (n === 0 || t < (times[0] ?? 0) || t > (times[n - 1] ?? 0)) return 0;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] ?? 0) <= t) lo = mid;
    else hi = mid;
  }
  const t0 = times[lo] ?? 0;
  const t1 = times[hi] ?? 0;
  const a0 = amplitudes[lo] ?? 0;
  const a1 = amplitudes[hi] ?? 0;
  return t1 === t0 ? a0 : a0 + ((a1 - a0) * (t - t0)) / (t1 - t0);
}
