import type { Seconds } from '../../units.ts';
import type { GradientEvent } from '../timeline.ts';
import { ceilToRaster, type GradientLimits } from './raster.ts';

/** A trapezoid on one axis: amplitude [Hz/m] and its rise, flat and fall times [s], starting after `delay`. */
export interface Trapezoid {
  amplitude: number;
  rise: Seconds;
  flat: Seconds;
  fall: Seconds;
  delay: Seconds;
}

/** Total duration [s] of a trapezoid including its delay. */
export const trapezoidDuration = (t: Trapezoid): Seconds => t.delay + t.rise + t.flat + t.fall;

/** Area [1/m] (∫γ̄G dt) of a trapezoid. */
export const trapezoidArea = (t: Trapezoid): number => t.amplitude * (t.flat + (t.rise + t.fall) / 2);

/**
 * The shortest trapezoid (on the gradient raster) of the given area [1/m] within the limits: a triangle when
 * the area is too small to reach the maximum amplitude, else a trapezoid at the maximum amplitude, then
 * scaled down slightly so the area is exact on the raster.
 */
export function trapezoidForArea(area: number, limits: GradientLimits, raster: Seconds): Trapezoid {
  const a = Math.abs(area);
  if (a === 0) return { amplitude: 0, rise: 0, flat: 0, fall: 0, delay: 0 };
  const { maxGradient, maxSlew } = limits;
  let rise: Seconds;
  let flat: Seconds;
  if (a <= (maxGradient * maxGradient) / maxSlew) {
    rise = ceilToRaster(Math.sqrt(a / maxSlew), raster);
    flat = 0;
  } else {
    rise = ceilToRaster(maxGradient / maxSlew, raster);
    flat = ceilToRaster(a / maxGradient - rise, raster);
  }
  return { amplitude: area / (rise + flat), rise, flat, fall: rise, delay: 0 };
}

/** A trapezoid with the given flat-top amplitude [Hz/m] and flat time [s], ramps as fast as the slew allows. */
export function trapezoidWithFlat(
  amplitude: number,
  flat: Seconds,
  limits: GradientLimits,
  raster: Seconds,
): Trapezoid {
  const rise = Math.max(raster, ceilToRaster(Math.abs(amplitude) / limits.maxSlew, raster));
  return { amplitude, rise, flat, fall: rise, delay: 0 };
}

/** The piecewise-linear waveform of a trapezoid, times from the block start [s]. */
export function trapezoidEvent(t: Trapezoid): GradientEvent {
  const d = t.delay;
  return {
    times: Float64Array.of(d, d + t.rise, d + t.rise + t.flat, d + t.rise + t.flat + t.fall),
    amplitudes: Float64Array.of(0, t.amplitude, t.amplitude, 0),
  };
}

/** The same trapezoid starting `delay` [s] after the block start. */
export const delayed = (t: Trapezoid, delay: Seconds): Trapezoid => ({ ...t, delay });

/** Amplitude [Hz/m] of a piecewise-linear waveform at t [s] (0 outside it; the later value at a jump). */
function amplitudeAt(g: GradientEvent, t: Seconds): number {
  const { times, amplitudes } = g;
  for (let i = times.length - 1; i > 0; i--) {
    const [ta, tb] = [times[i - 1] as number, times[i] as number];
    if (t >= ta && t <= tb && tb > ta)
      return (
        (amplitudes[i - 1] as number) +
        (((amplitudes[i] as number) - (amplitudes[i - 1] as number)) * (t - ta)) / (tb - ta)
      );
  }
  return 0;
}

/**
 * The sum of piecewise-linear waveforms that start and end at 0 (trapezoids of different roles on one channel,
 * e.g. read and phase of an oblique slice): breakpoints at the union of theirs, so the sum is exact.
 */
export function sumWaveforms(events: readonly GradientEvent[]): GradientEvent {
  const times = [...new Set(events.flatMap((e) => Array.from(e.times)))].sort((a, b) => a - b);
  return {
    times: Float64Array.from(times),
    amplitudes: Float64Array.from(times, (t) => events.reduce((sum, e) => sum + amplitudeAt(e, t), 0)),
  };
}
