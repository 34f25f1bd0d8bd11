import type { Radians, Seconds } from '../../units.ts';
import type { RfEvent } from '../timeline.ts';

/** Which role a pulse plays in its sequence (Pulseq's RF use). */
export type RfUse = RfEvent['use'];

/** What shapedPulse needs of a pulse: its flip angle [rad], duration [s], raster [s] and optional offsets and use. */
type ShapedPulseOptions = Omit<SelectivePulseOptions, 'timeBandwidth'>;

/** A pulse whose samples sit at (n + ½)·raster [s] with the given real shape; scaled to `flipAngle` [rad]. */
function shapedPulse(shape: (t: Seconds) => number, o: ShapedPulseOptions): RfEvent {
  const { flipAngle, duration, raster } = o;
  const phaseOffset = o.phaseOffset ?? 0;
  const freqOffset = o.freqOffset ?? 0;
  const n = Math.max(1, Math.round(duration / raster));
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let area = 0;
  for (let i = 0; i < n; i++) {
    times[i] = (i + 0.5) * raster;
    values[i] = shape(times[i] ?? 0);
    area += (values[i] ?? 0) * raster;
  }
  // Flip angle = 2π·∫γ̄B1 dt on resonance (B1 in Hz as γ̄·B1): scale the real shape to that area.
  const scale = flipAngle / (2 * Math.PI * area);
  const amplitude = new Float64Array(n);
  const phase = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = (values[i] ?? 0) * scale;
    amplitude[i] = Math.abs(v);
    phase[i] = v < 0 ? Math.PI : 0;
  }
  // Frequency offsets ramp the phase from the pulse start (reference/timeline convention, plan.ts); add the
  // ramp's value at the centre back so the pulse has phase `phaseOffset` at its centre.
  const center = (n * raster) / 2;
  return {
    amplitude,
    phase,
    times,
    delay: 0,
    freqOffset,
    phaseOffset: phaseOffset + 2 * Math.PI * freqOffset * center,
    center,
    use: o.use ?? 'excitation',
  };
}

/** A rectangular (non-selective) pulse of `flipAngle` [rad] over `duration` [s]. */
export function hardPulse(
  flipAngle: Radians,
  duration: Seconds,
  raster: Seconds,
  opts: { phaseOffset?: Radians; use?: RfUse } = {},
): RfEvent {
  return shapedPulse(() => 1, { ...opts, flipAngle, duration, raster, freqOffset: 0 });
}

/** Shape options of a slice-selective pulse. */
export interface SelectivePulseOptions {
  flipAngle: Radians;
  duration: Seconds;
  /** Time–bandwidth product: bandwidth [Hz] = timeBandwidth / duration. */
  timeBandwidth: number;
  raster: Seconds;
  phaseOffset?: Radians;
  /** Frequency offset [Hz] = γ̄·G_slice·z_slice to move the slice to z_slice. */
  freqOffset?: number;
  use?: RfUse;
}

/** Bandwidth [Hz] of a selective pulse. */
export function pulseBandwidth(o: Pick<SelectivePulseOptions, 'duration' | 'timeBandwidth'>): number {
  return o.timeBandwidth / o.duration;
}

/**
 * A Hanning-apodised sinc pulse (Bernstein et al., Handbook of MRI Pulse Sequences, 2004, §2.3): shape
 * sinc(BW·(t − T/2))·(0.5 + 0.5·cos(2π(t − T/2)/T)); its small-angle slice profile is the Fourier transform.
 */
export function sincPulse(o: SelectivePulseOptions): RfEvent {
  const bw = pulseBandwidth(o);
  const half = o.duration / 2;
  const shape = (t: Seconds): number => {
    const u = t - half;
    const x = Math.PI * bw * u;
    const sinc = x === 0 ? 1 : Math.sin(x) / x;
    return sinc * (0.5 + 0.5 * Math.cos((Math.PI * u) / half));
  };
  return shapedPulse(shape, o);
}

/**
 * A Gaussian pulse (Bernstein et al. 2004, §2.2): exp(−(t − T/2)²/(2σ²)) with σ = √(ln 2)/(π·BW)·… chosen so the
 * small-angle profile, a Gaussian in frequency, has full width at half maximum BW = timeBandwidth/duration.
 */
export function gaussPulse(o: SelectivePulseOptions): RfEvent {
  const bw = pulseBandwidth(o);
  // FWHM in frequency of exp(−t²/2σ²) is 2√(2 ln 2)/(2πσ) → σ = √(2 ln 2)/(π·BW).
  const sigma = Math.sqrt(2 * Math.LN2) / (Math.PI * bw);
  const half = o.duration / 2;
  const shape = (t: Seconds): number => Math.exp(-((t - half) ** 2) / (2 * sigma * sigma));
  return shapedPulse(shape, o);
}
