/**
 * Units used inside @larmor/mri. Everything is SI (docs/conventions.md): seconds, metres, tesla, tesla per metre,
 * hertz, radians. The aliases document the unit of a value at the type level; conversions are named after the
 * spaces they join and live here, so the UI converts to the user's units at the last moment.
 */

/** Time [s]. */
export type Seconds = number;
/** Length [m]. */
export type Meters = number;
/** Magnetic flux density [T]. */
export type Tesla = number;
/** Gradient amplitude [T/m]. */
export type TeslaPerMeter = number;
/** Gradient amplitude in Pulseq units, γ̄·G [Hz/m]. */
export type HertzPerMeter = number;
/** Frequency [Hz]. */
export type Hertz = number;
/** Angle [rad]. */
export type Radians = number;
/** Angular frequency [rad/s]. */
export type RadiansPerSecond = number;
/** Diffusion coefficient [m²/s]. */
export type SquareMetersPerSecond = number;
/** Dimensionless ratio in parts per million. */
export type Ppm = number;

/** A point or direction in patient coordinates (LPS, DICOM) [m]. */
export type Vec3 = readonly [number, number, number];

export const msToS = (ms: number): Seconds => ms / 1000;
export const sToMs = (s: Seconds): number => s * 1000;
export const mmToM = (mm: number): Meters => mm / 1000;
export const mToMm = (m: Meters): number => m * 1000;
export const degToRad = (deg: number): Radians => (deg * Math.PI) / 180;
export const radToDeg = (rad: Radians): number => (rad * 180) / Math.PI;
export const mTPerMToTPerM = (mTPerM: number): TeslaPerMeter => mTPerM / 1000;
