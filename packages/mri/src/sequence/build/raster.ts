import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../../constants.ts';
import { ADC_RASTER_S, GRADIENT_RASTER_S, slewRateOf } from '../hardware.ts';
import type { Scanner } from '../protocol.ts';
import type { SequenceTimeline } from '../timeline.ts';

/**
 * Raster times [s] of the timelines we build: Siemens-like gradient and block rasters (10 µs), ADC 100 ns
 * (reference/pulseq-specification.tex, [DEFINITIONS]); RF sampled every 2 µs, fine enough that a 3 ms pulse
 * is 1500 exact rotation steps.
 */
export const BUILD_RASTER: SequenceTimeline['raster'] = {
  gradient: GRADIENT_RASTER_S,
  rf: 2e-6,
  adc: ADC_RASTER_S,
  block: 1e-5,
};

/** Gradient hardware limits in timeline units: amplitude [Hz/m] and slew [Hz/m/s] (γ̄·G, γ̄·dG/dt). */
export interface GradientLimits {
  maxGradient: number;
  maxSlew: number;
}

/**
 * Limits of a scanner in timeline units, G [T/m] × γ̄ [Hz/T] = Hz/m (reference/analytic_formulas.md §11); the
 * builders pass the limits one role may use (sequence/gradient-share.ts `roleScanner`).
 */
export function gradientLimits(scanner: Scanner): GradientLimits {
  return {
    maxGradient: scanner.maxGradient * GYROMAGNETIC_RATIO_HZ_PER_T,
    maxSlew: slewRateOf(scanner) * GYROMAGNETIC_RATIO_HZ_PER_T,
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
