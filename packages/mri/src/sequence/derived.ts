import { GYROMAGNETIC_RATIO_RAD_PER_S_PER_T } from '../constants.ts';
import type { TissueAtField } from '../tissue/types.ts';
import type { Seconds } from '../units.ts';
import { INVERSION_PULSE_DURATION_S, REFOCUSING_PULSE_DURATION_S } from './hardware.ts';
import type { Protocol, Scanner } from './protocol.ts';
import { tissueSignal } from './signal.ts';
import {
  acquiredPhaseLines,
  epiShots,
  excitationDuration,
  hasInversion,
  isEpiReadout,
  isThreeDimensional,
  protocolTiming,
  readoutKind,
  readoutPulses,
} from './timing.ts';

/**
 * Values derived from a protocol that the console shows beside it: acquisition time, relative SNR of the
 * model's reference tissue and a SAR estimate.
 */

/** Heartbeats of a MOLLI 5(3)3 acquisition (11 images; Messroghli et al., MRM 2004;52:141; consensus 2017). */
export const MOLLI_HEARTBEATS = 17;
/** RR interval the simulator assumes for triggered scans [s] (60 beats per minute). */
export const NOMINAL_RR_INTERVAL_S = 1;

/** How a protocol's acquisition time is made up. */
export interface ScanTime {
  /** Total acquisition time [s]. */
  seconds: Seconds;
  /** Excitations (shots) per slice and average: lines per TR divide the phase lines. */
  shotsPerSlice: number;
  /** Slice packages (concatenations): slices that do not fit in one TR go into another pass. */
  packages: number;
}

/** Diffusion-weighted images of a DWI protocol: b = 0 once, every other b in three orthogonal directions. */
export function diffusionImages(protocol: Protocol): number {
  const bs = protocol.bValues ?? [0];
  return bs.reduce((n, b) => n + (b > 0 ? 3 : 1), 0);
}

/**
 * Acquisition time (reference/analytic_formulas.md §8; Bernstein et al. 2004):
 * - 2D interleaved multislice: TR·N_pe·NEX·packages, N_pe the acquired lines (partial Fourier, oversampling);
 *   packages = ceil(slices·slice time / TR);
 * - echo trains: TSE and IR/STIR/FLAIR with ETL > 1 divide N_pe by ETL; EPI needs one TR per shot;
 *   DWI multiplies by the diffusion images;
 * - 3D: TR·N_pe·N_partitions·NEX; bSSFP cannot interleave, so its 2D slices follow one another;
 * - MP-RAGE: inversion-to-inversion time × shots (N_pe·N_partitions/readout length)·NEX;
 * - MOLLI: 17 heartbeats per slice (5(3)3 scheme) at the nominal RR interval.
 */
export function scanTime(protocol: Protocol, scanner: Scanner): ScanTime {
  const tr = protocol.repetitionTime;
  const nex = Math.max(1, Math.round(protocol.nex));
  const lines = acquiredPhaseLines(protocol);
  const slices = Math.max(1, Math.round(protocol.sliceCount));
  const kind = readoutKind(protocol.family);
  const etl = Math.max(1, Math.round(protocol.echoTrainLength));

  if (protocol.family === 'MOLLI') {
    return { seconds: MOLLI_HEARTBEATS * NOMINAL_RR_INTERVAL_S * slices, shotsPerSlice: 1, packages: slices };
  }
  if (protocol.family === 'MPRAGE') {
    const shots = Math.ceil((lines * slices) / readoutPulses(protocol));
    return { seconds: tr * shots * nex, shotsPerSlice: shots, packages: 1 };
  }

  let shotsPerSlice = lines;
  if (kind === 'spinEcho' && etl > 1) shotsPerSlice = Math.ceil(lines / etl);
  if (isEpiReadout(kind)) shotsPerSlice = epiShots(protocol);
  const images = protocol.family === 'DWI' ? diffusionImages(protocol) : 1;

  if (isThreeDimensional(protocol)) {
    return { seconds: tr * shotsPerSlice * slices * nex * images, shotsPerSlice, packages: 1 };
  }
  if (kind === 'balanced') {
    return { seconds: tr * shotsPerSlice * nex * slices, shotsPerSlice, packages: slices };
  }
  const { sliceTime } = protocolTiming(protocol, scanner);
  const packages = Math.max(1, Math.ceil((slices * sliceTime) / tr - 1e-9));
  return { seconds: tr * shotsPerSlice * nex * packages * images, shotsPerSlice, packages };
}

/** The acquisition SNR is quoted relative to this one (100 %). */
export const SNR_REFERENCE = {
  /** Voxel volume [m³]: 1 × 1 × 5 mm. */
  voxelVolume: 1e-3 * 1e-3 * 5e-3,
  /** Acquired phase lines × partitions × averages. */
  samples: 256,
  /** Bandwidth per pixel [Hz]. */
  bandwidthPerPixel: 200,
  /** Main field [T]. */
  b0: 1.5,
} as const;

/**
 * SNR of the acquisition alone in percent, tissue signal aside: SNR ∝ V_voxel·√(N_y·N_z·NEX/BW_pixel)·B0
 * × coil factor (Edelstein et al., MRM 1986;3:604; reference/analytic_formulas.md §7: halving BW gains √2,
 * doubling NEX √2, halving the slice ½; ∝ B0 at clinical fields). N_y counts the acquired lines (phase
 * oversampling adds lines, partial Fourier removes them), N_z the partitions of a 3D slab. 100 % is
 * `SNR_REFERENCE`. The image noise of the engine follows the same law (simulate/noise.ts).
 */
export function acquisitionSnrPercent(protocol: Protocol, scanner: Scanner, coilFactor = 1): number {
  const voxel =
    (protocol.fovRead / protocol.matrixRead) *
    (protocol.fovPhase / protocol.matrixPhase) *
    protocol.sliceThickness;
  const partitions = isThreeDimensional(protocol) ? Math.max(1, Math.round(protocol.sliceCount)) : 1;
  const samples = acquiredPhaseLines(protocol) * partitions * Math.max(1, protocol.nex);
  const snr = voxel * Math.sqrt(samples / protocol.bandwidthPerPixel) * scanner.b0 * coilFactor;
  const ref = SNR_REFERENCE;
  return (100 * snr) / (ref.voxelVolume * Math.sqrt(ref.samples / ref.bandwidthPerPixel) * ref.b0);
}

/**
 * The reference tissue's signal for the protocol's contrast, as a fraction of its fully relaxed magnetisation:
 * |M⊥|/M0 at the echo that fills the k-space centre, from the fast engine's own signal equation
 * (sequence/signal.ts `tissueSignal`: TR, TE, TI, flip, echo train, fat saturation, b-value; dimensionless).
 */
export function signalFraction(protocol: Protocol, scanner: Scanner, tissue: TissueAtField): number {
  const s = tissueSignal(protocol, tissue, scanner);
  return Math.hypot(s.re, s.im);
}

/**
 * Relative SNR of the reference tissue in percent: the acquisition's SNR (`acquisitionSnrPercent`) × the
 * tissue's signal fraction (`signalFraction`) —
 *   SNR% = 100 · |M⊥(TR, TE, TI, α, ETL)|/M0 · (V/V_ref) · √((N_y·N_z·NEX/BW_px)/(256/200 Hz)) · (B0/1.5 T) · coil.
 * 100 % is the reference tissue fully relaxed (TR ≫ T1, TE → 0, 90°) in `SNR_REFERENCE`'s acquisition:
 * 1 × 1 × 5 mm, 256 lines, 1 average, 200 Hz/pixel, 1.5 T, body coil at the isocentre (`coilFactor` 1; a
 * model's coil at the slice: anatomy/modelCoils.ts `modelCoilSnrFactor`, the engine's √Σ s_c²). It falls as e^(−TE/T2) with a spin-echo
 * TE and to almost nothing at TR 10 ms with a 90° spoiled gradient echo, as the image does: the engine's image
 * is PD·M⊥ plus noise σ ∝ 1/acquisition SNR (simulate/noise.ts), so the readout's ratio between two protocols is
 * the ratio the two-acquisition (NEMA) measurement gives (snr-agreement.test.ts; docs/physics.md).
 */
export function relativeSnrPercent(
  protocol: Protocol,
  scanner: Scanner,
  tissue: TissueAtField,
  coilFactor = 1,
): number {
  return acquisitionSnrPercent(protocol, scanner, coilFactor) * signalFraction(protocol, scanner, tissue);
}

/**
 * Whole-body SAR per unit B0²·B1rms² [W/kg per T²·µT²]: ~1 W/kg at 3 T for B1rms = 1 µT, the quasi-static
 * B0² scaling of body-coil SAR (Collins & Smith, MRM 2001;45:684; Bottomley et al. 1985) [~].
 */
export const SAR_PER_B0_SQUARED_B1RMS_SQUARED = 1 / 9;
/** IEC 60601-2-33 normal operating mode limit, whole body [W/kg]. */
export const SAR_LIMIT_NORMAL_MODE_W_PER_KG = 2;
/** Energy of a slice-selective sinc (time-bandwidth 4) relative to a rectangular pulse of equal flip and length. */
export const SINC_ENERGY_FACTOR = 1.5;

/** ∫B1² dt of a pulse of flip `alpha` [rad] and duration `duration` [s] [T²·s]. */
function pulseEnergy(alpha: number, duration: Seconds): number {
  const b1 = alpha / (GYROMAGNETIC_RATIO_RAD_PER_S_PER_T * duration);
  return b1 * b1 * duration * SINC_ENERGY_FACTOR;
}

/** A SAR estimate: time-averaged B1rms, whole-body SAR and its fraction of the normal-mode limit. */
export interface SarEstimate {
  /** Time-averaged RMS B1 [T]. */
  b1rms: number;
  /** Whole-body SAR [W/kg]. */
  wattsPerKilogram: number;
  /** SAR / normal-mode limit (1 = at the limit). */
  fractionOfLimit: number;
}

/**
 * SAR estimate ∝ B0²·Σα²/τ·(pulses per second), the pulses of one excitation (excitation, refocusing train,
 * inversion) times the excitations per second, from their B1rms (research note: Corsmed reports B1rms² × the
 * coil's SAR per B1²; here one body-coil constant, SAR_PER_B0_SQUARED_B1RMS_SQUARED).
 */
export function sarEstimate(protocol: Protocol, scanner: Scanner): SarEstimate {
  const kind = readoutKind(protocol.family);
  const tr = protocol.repetitionTime;
  const exc = pulseEnergy(protocol.flipAngle, excitationDuration(kind));
  const refocus = pulseEnergy(protocol.refocusingFlipAngle ?? Math.PI, REFOCUSING_PULSE_DURATION_S);
  const inversion = hasInversion(protocol.family) ? pulseEnergy(Math.PI, INVERSION_PULSE_DURATION_S) : 0;
  const etl = Math.max(1, Math.round(protocol.echoTrainLength));
  const slices = Math.max(1, Math.round(protocol.sliceCount));
  let energyPerSecond: number;
  if (protocol.family === 'MPRAGE') {
    energyPerSecond = (inversion + readoutPulses(protocol) * exc) / tr;
  } else if (protocol.family === 'MOLLI') {
    energyPerSecond = (inversion + readoutPulses(protocol) * exc) / NOMINAL_RR_INTERVAL_S;
  } else if (kind === 'balanced' || isThreeDimensional(protocol)) {
    energyPerSecond = exc / tr;
  } else {
    const refocusing = kind === 'spinEcho' ? etl : kind === 'epiSpinEcho' ? 1 : 0;
    const perSlice = exc + refocusing * refocus + inversion;
    const { packages } = scanTime(protocol, scanner);
    energyPerSecond = (perSlice * Math.ceil(slices / packages)) / tr;
  }
  const b1rms = Math.sqrt(energyPerSecond);
  const microTesla = b1rms * 1e6;
  const wattsPerKilogram =
    SAR_PER_B0_SQUARED_B1RMS_SQUARED * scanner.b0 * scanner.b0 * microTesla * microTesla;
  return { b1rms, wattsPerKilogram, fractionOfLimit: wattsPerKilogram / SAR_LIMIT_NORMAL_MODE_W_PER_KG };
}
