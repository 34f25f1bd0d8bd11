import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../../constants.ts';
import type { Scanner } from '../protocol.ts';
import type { SequenceTimeline } from '../timeline.ts';

/**
 * Raster times [s] of the timelines we build: Siemens-like gradient and block rasters (10 µs), ADC 100 ns
 * (reference/pulseq-specification.tex, [DEFINITIONS]); RF sampled every 2 µs, fine enough that a 3 ms pulse
 * is 1500 exact rotation steps.
 */
export const BUILD_RASTER: SequenceTimeline['raster'] = { gradient: 1e-5, rf: 2e-6, adc: 1e-7, block: 1e-5 };

/** Gradient hardware limits in timeline units: amplitude [Hz/m] and slew [Hz/m/s] (γ̄·G, γ̄·dG/dt). */
export interface GradientLimits {
  maxGradient: number;
  maxSlew: number;
}

/**
 * Limits of a scanner, with a safety factor (< 1) so that sums of simultaneous events stay within them;
 * G [T/m] × γ̄ [Hz/T] = Hz/m (reference/analytic_formulas.md §11).
 */
export function gradientLimits(scanner: Scanner, safety = 0.9): GradientLimits {
  return {
    maxGradient: scanner.maxGradient * GYROMAGNETIC_RATIO_HZ_PER_T * safety,
    maxSlew: scanner.maxSlewRate * GYROMAGNETIC_RATIO_HZ_PER_T * safety,
  };
}

/** The smallest multiple of `raster` [s] not below t [s] (tolerant of floating-point noise). */
export function ceilToRaster(t: number, raster: number): number {
  return Math.ceil(t / raster - 1e-9) * raster;
}

/** The nearest multiple of `raster` [s] to t [s]. */
export function roundToRaster(t: number, raster: number): number {
  return Math.round(t / raster) * raster;
}
