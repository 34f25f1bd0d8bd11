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

/** Ramp time from 0 to `amplitude` [T/m] at the scanner's slew rate [s]. */
export function rampTime(amplitude: TeslaPerMeter, scanner: Scanner): Seconds {
  return Math.abs(amplitude) / slewRateOf(scanner);
}

/**
 * Shortest gradient lobe of area `area` [T·s/m] within the amplitude and slew limits [s]:
 * triangle 2·√(A/S) when A ≤ G²/S, trapezoid A/G + G/S otherwise (Bernstein et al. 2004, §7.2).
 */
export function shortestLobe(area: number, scanner: Scanner): Seconds {
  const a = Math.abs(area);
  if (a === 0) return 0;
  const slew = slewRateOf(scanner);
  const g = scanner.maxGradient;
  if (a <= (g * g) / slew) return 2 * Math.sqrt(a / slew);
  return a / g + g / slew;
}

/** Gradient area [T·s/m] that dephases `cycles` cycles across `distance` [m]: cycles/(γ̄·distance). */
export function dephasingArea(cycles: number, distance: Meters): number {
  return cycles / (GYROMAGNETIC_RATIO_HZ_PER_T * distance);
}

/** Slice-select gradient of a pulse of `duration` [s] for a slice of `thickness` [m]: TBW/(T·γ̄·Δz) [T/m]. */
export function sliceSelectGradient(duration: Seconds, thickness: Meters): TeslaPerMeter {
  return RF_TIME_BANDWIDTH_PRODUCT / (duration * GYROMAGNETIC_RATIO_HZ_PER_T * thickness);
}
