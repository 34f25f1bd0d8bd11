import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import type { Meters, Seconds, TeslaPerMeter } from '../units.ts';
import type { Scanner } from './protocol.ts';

/**
 * Hardware model behind the timing limits: RF pulse durations and gradient lobes. Pulse durations are the
 * nominal ones of a clinical console (research note: RF duration 1–7 ms); the time-bandwidth product is that of
 * a two-lobe sinc (Bernstein et al. 2004, §2.3).
 */

/** Excitation pulse duration of spin-echo families, where the slice profile matters most [s]. */
export const EXCITATION_PULSE_DURATION_S = 2.0e-3;
/** Excitation pulse duration of gradient-echo families, kept short for short TE and TR [s]. */
export const FAST_EXCITATION_PULSE_DURATION_S = 1.0e-3;
/** Refocusing (180°) pulse duration [s]. */
export const REFOCUSING_PULSE_DURATION_S = 3.0e-3;
/** Adiabatic inversion pulse duration [s] (hyperbolic secant, Bernstein et al. 2004, §6.1). */
export const INVERSION_PULSE_DURATION_S = 8.0e-3;
/** Time-bandwidth product of the slice-selective pulses (sinc with two side lobes). */
export const RF_TIME_BANDWIDTH_PRODUCT = 4;
/** Crusher lobes around a refocusing pulse dephase this many cycles across the slice. */
export const CRUSHER_CYCLES_PER_SLICE = 2;
/** Spoiler at the end of a spoiled excitation dephases this many cycles across the slice. */
export const SPOILER_CYCLES_PER_SLICE = 4;

/** Slew rate assumed when a scanner record gives none [T/m/s] (a typical clinical system). */
export const DEFAULT_SLEW_RATE_T_PER_M_PER_S = 200;

/** The reference scanner: 1.5 T, 45 mT/m (simulator spec defaults), 200 T/m/s. */
export const REFERENCE_SCANNER: Scanner = {
  b0: 1.5,
  maxGradient: 0.045,
  maxSlewRate: DEFAULT_SLEW_RATE_T_PER_M_PER_S,
  coil: 'body',
};

/** Slew rate of a scanner [T/m/s]. */
export function slewRateOf(scanner: Scanner): number {
  return scanner.maxSlewRate > 0 ? scanner.maxSlewRate : DEFAULT_SLEW_RATE_T_PER_M_PER_S;
}

/**
 * Gradient raster [s]: every ramp and lobe lasts a whole number of these (10 µs, Siemens-like; the timeline
 * builders' raster, sequence/build/raster.ts), so validation counts the same lobe lengths the builders play.
 */
export const GRADIENT_RASTER_S = 1e-5;

/** ADC dwell-time raster [s] (100 ns; sequence/build/raster.ts). */
export const ADC_RASTER_S = 1e-7;

/** The smallest whole number of gradient raster steps not below t [s] (tolerant of floating-point noise). */
export function ceilToGradientRaster(t: Seconds): Seconds {
  return Math.ceil(t / GRADIENT_RASTER_S - 1e-9) * GRADIENT_RASTER_S;
}

/** Ramp time from 0 to `amplitude` [T/m] at the scanner's slew rate, on the gradient raster [s]. */
export function rampTime(amplitude: TeslaPerMeter, scanner: Scanner): Seconds {
  return ceilToGradientRaster(Math.abs(amplitude) / slewRateOf(scanner));
}

/**
 * Shortest gradient lobe of area `area` [T·s/m] within the amplitude and slew limits, on the gradient raster
 * [s]: triangle of ramps √(A/S) when A ≤ G²/S, else ramps G/S around a flat top A/G − G/S (Bernstein et al.
 * 2004, §7.2), each ramp and the flat top rounded up to the raster as the builders play them
 * (sequence/build/gradients.ts `trapezoidForArea`).
 */
export function shortestLobe(area: number, scanner: Scanner): Seconds {
  const a = Math.abs(area);
  if (a === 0) return 0;
  const slew = slewRateOf(scanner);
  const g = scanner.maxGradient;
  if (a <= (g * g) / slew) return 2 * ceilToGradientRaster(Math.sqrt(a / slew));
  const ramp = ceilToGradientRaster(g / slew);
  return 2 * ramp + ceilToGradientRaster(a / g - ramp);
}

/** Gradient area [T·s/m] that dephases `cycles` cycles across `distance` [m]: cycles/(γ̄·distance). */
export function dephasingArea(cycles: number, distance: Meters): number {
  return cycles / (GYROMAGNETIC_RATIO_HZ_PER_T * distance);
}

/** Slice-select gradient of a pulse of `duration` [s] for a slice of `thickness` [m]: TBW/(T·γ̄·Δz) [T/m]. */
export function sliceSelectGradient(duration: Seconds, thickness: Meters): TeslaPerMeter {
  return RF_TIME_BANDWIDTH_PRODUCT / (duration * GYROMAGNETIC_RATIO_HZ_PER_T * thickness);
}
