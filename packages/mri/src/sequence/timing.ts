import { GYROMAGNETIC_RATIO_HZ_PER_T, GYROMAGNETIC_RATIO_RAD_PER_S_PER_T } from '../constants.ts';
import type { Seconds, TeslaPerMeter } from '../units.ts';
import {
  CRUSHER_CYCLES_PER_SLICE,
  EXCITATION_PULSE_DURATION_S,
  FAST_EXCITATION_PULSE_DURATION_S,
  ADC_RASTER_S,
  INVERSION_PULSE_DURATION_S,
  REFERENCE_SCANNER,
  REFOCUSING_PULSE_DURATION_S,
  SPOILER_CYCLES_PER_SLICE,
  ceilToGradientRaster,
  dephasingArea,
  rampTime,
  shortestLobe,
  sliceSelectGradient,
} from './hardware.ts';
import { fatSaturationDuration } from './fat-saturation.ts';
import { roleScanner } from './gradient-share.ts';
import type { Protocol, Scanner, SequenceFamily } from './protocol.ts';

/**
 * Timing limits of a protocol on a scanner: how short TE, TR, TI and the echo spacing can be given the gradient
 * amplitude and slew rate, the receiver bandwidth, matrix, FOV and slice thickness. Each event is built from
 * the shortest gradient lobes (hardware.ts); the formulas follow Bernstein et al., Handbook of MRI Pulse
 * Sequences (2004): readout duration T_s = Nx/BW_total = 1/BW_pixel (§8.1), readout gradient
 * G = BW_total/(γ̄·FOV) (analytic_formulas.md §6), minimum TE = excitation half + prephasers + half readout
 * (GRE), twice the longer half around the refocusing pulse (SE), Stejskal–Tanner b = γ²G²δ²(Δ − δ/3) (DWI).
 */

/** How a family reads out its echoes. */
export type ReadoutKind =
  'spinEcho' | 'gradientEcho' | 'balanced' | 'epiGradientEcho' | 'epiSpinEcho' | 'mprage';

/** The readout of each family (IR, STIR and FLAIR read out a spin echo, or a TSE train when ETL > 1). */
export function readoutKind(family: SequenceFamily): ReadoutKind {
  switch (family) {
    case 'SE':
    case 'TSE':
    case 'IR':
    case 'STIR':
    case 'FLAIR':
      return 'spinEcho';
    case 'GRE':
    case 'Dixon':
    case 'SWI':
      return 'gradientEcho';
    case 'bSSFP':
    case 'MOLLI':
      return 'balanced';
    case 'GRE-EPI':
      return 'epiGradientEcho';
    case 'SE-EPI':
    case 'DWI':
      return 'epiSpinEcho';
    case 'MPRAGE':
      return 'mprage';
  }
}

/** Whether a readout is an echo-planar train (GRE-EPI, SE-EPI, DWI). */
export function isEpiReadout(kind: ReadoutKind): boolean {
  return kind === 'epiGradientEcho' || kind === 'epiSpinEcho';
}

/** Excitation pulse duration of a readout [s]: longer for spin echoes, short for gradient echoes. */
export function excitationDuration(kind: ReadoutKind): Seconds {
  return kind === 'spinEcho' || kind === 'epiSpinEcho'
    ? EXCITATION_PULSE_DURATION_S
    : FAST_EXCITATION_PULSE_DURATION_S;
}

/** Families with an inversion pulse before the readout. */
export function hasInversion(family: SequenceFamily): boolean {
  return (
    family === 'IR' || family === 'STIR' || family === 'FLAIR' || family === 'MPRAGE' || family === 'MOLLI'
  );
}

/** Whether the protocol encodes the slice direction too (MP-RAGE always). */
export function isThreeDimensional(protocol: Protocol): boolean {
  return protocol.is3d === true || protocol.family === 'MPRAGE';
}

/** Phase-encoding lines of a full k-space including phase oversampling. */
export function phaseLines(protocol: Protocol): number {
  return Math.round(protocol.matrixPhase * (1 + protocol.phaseOversampling));
}

/** Phase-encoding lines actually acquired (partial Fourier keeps the centre and one side). */
export function acquiredPhaseLines(protocol: Protocol): number {
  return Math.ceil(phaseLines(protocol) * protocol.partialFourier);
}

/** EPI shots: one when the EPI factor (ETL) is 1 or covers every line, else ceil(lines/ETL) interleaves. */
export function epiShots(protocol: Protocol): number {
  const lines = acquiredPhaseLines(protocol);
  const etl = Math.round(protocol.echoTrainLength);
  return etl <= 1 || etl >= lines ? 1 : Math.ceil(lines / etl);
}

/** Everything the limits and the derived values need, for one protocol on one scanner. */
export interface ProtocolTiming {
  /** Readout (ADC) duration of one line [s]. */
  readoutDuration: Seconds;
  /** Readout gradient amplitude [T/m]. */
  readoutGradient: TeslaPerMeter;
  /** Slice- (or slab-) select gradient of the excitation [T/m]. */
  sliceSelectGradient: TeslaPerMeter;
  /** Shortest echo spacing of an echo train (TSE, EPI) or readout repetition (MP-RAGE, MOLLI) [s]. */
  minEchoSpacing: Seconds;
  /** Shortest echo time [s]. */
  minEchoTime: Seconds;
  /** Shortest repetition time for this TE (and TI) [s]; for MP-RAGE the inversion-to-inversion time. */
  minRepetitionTime: Seconds;
  /** Shortest inversion time [s] (0 for families without inversion). */
  minInversionTime: Seconds;
  /** Time one slice occupies inside TR, for interleaving several slices in one TR [s]. */
  sliceTime: Seconds;
  /** Diffusion-gradient lobe duration δ for the largest b-value at full amplitude [s] (0 without diffusion). */
  diffusionLobe: Seconds;
}

/**
 * Shortest lobe duration δ [s] that reaches `b` [s/m²] with rectangular lobes of amplitude `g` [T/m] separated
 * by `gap` [s] (Δ = δ + gap): b = γ²G²δ²(Δ − δ/3) (Stejskal & Tanner, J Chem Phys 1965). Bisection.
 */
export function diffusionLobeDuration(b: number, g: TeslaPerMeter, gap: Seconds): Seconds {
  if (b <= 0) return 0;
  const gamma = GYROMAGNETIC_RATIO_RAD_PER_S_PER_T;
  const bOf = (d: number): number => gamma * gamma * g * g * d * d * (d + gap - d / 3);
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (bOf(mid) < b) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The timing limits of `protocol` on `scanner` (see the module comment for the model), each lobe within the
 * limits one role may use on the stack's orientation (gradient-share.ts `roleScanner`).
 */
export function protocolTiming(protocol: Protocol, scanner: Scanner): ProtocolTiming {
  // Every lobe within the limits a role may use on this stack's orientation, as the builders play it.
  const roles = roleScanner(protocol, scanner);
  const gamma = GYROMAGNETIC_RATIO_HZ_PER_T;
  const is3d = isThreeDimensional(protocol);
  const kind = readoutKind(protocol.family);
  const thickness = protocol.sliceThickness;
  const slab = is3d ? thickness * protocol.sliceCount : thickness;

  const readoutDuration = 1 / protocol.bandwidthPerPixel;
  const readoutGradient = (protocol.matrixRead * protocol.bandwidthPerPixel) / (gamma * protocol.fovRead);
  const rampRo = rampTime(readoutGradient, roles);
  const excitation = excitationDuration(kind);
  const gSs = sliceSelectGradient(excitation, slab);
  const rampSs = rampTime(gSs, roles);
  const gRef = sliceSelectGradient(REFOCUSING_PULSE_DURATION_S, thickness);
  const rampRef = rampTime(gRef, roles);

  // From the start of the excitation block (of the fat saturation before it, where the builders play one:
  // fat-saturation.ts) to the pulse centre, and from the centre to the end of the lobe.
  const fatSat = kind === 'balanced' || kind === 'mprage' ? 0 : fatSaturationDuration(protocol, scanner);
  const preExcitation = fatSat + rampSs + excitation / 2;
  const excitationHalf = excitation / 2 + rampSs;
  const phaseArea = protocol.matrixPhase / 2 / (gamma * protocol.fovPhase);
  const partitionArea = is3d ? 1 / (2 * gamma * thickness) : 0;
  // From the pulse centre to the end of its ramp down, as the builders rephase it (context.ts `rephaseArea`).
  const sliceRephaseArea = gSs * (excitation / 2 + rampSs / 2);
  // The readout as the builders play it (sequence/build/context.ts `readout`): Nx samples of a dwell on the
  // 100 ns ADC raster, k = 0 on sample Nx/2 (its centre (Nx/2 + ½)·dwell into the flat top), the flat top on the
  // gradient raster.
  const dwell =
    Math.round(1 / (protocol.bandwidthPerPixel * protocol.matrixRead) / ADC_RASTER_S) * ADC_RASTER_S;
  const toEcho = (protocol.matrixRead / 2 + 0.5) * dwell;
  const readoutFlat = ceilToGradientRaster(protocol.matrixRead * dwell);
  const readoutPrephaseArea = readoutGradient * (toEcho + rampRo / 2);
  const prephase = Math.max(
    shortestLobe(readoutPrephaseArea, roles),
    shortestLobe(phaseArea, roles),
    shortestLobe(sliceRephaseArea + partitionArea, roles),
  );
  const crusher = shortestLobe(dephasingArea(CRUSHER_CYCLES_PER_SLICE, thickness), roles);
  const spoiler = shortestLobe(dephasingArea(SPOILER_CYCLES_PER_SLICE, thickness), roles);
  const readoutHalf = rampRo + toEcho;
  const readoutRest = readoutFlat - toEcho + rampRo;
  const tail = readoutHalf + Math.max(spoiler, prephase);
  const refocusHalf = REFOCUSING_PULSE_DURATION_S / 2 + rampRef;
  const inversionLead = INVERSION_PULSE_DURATION_S / 2 + spoiler;

  const te = protocol.echoTime;
  // A loop, not a spread: a spread passes every echo as an argument, and a long list overflows the stack.
  const lastEcho = (protocol.echoTimes ?? []).reduce((last, t) => Math.max(last, t), te);
  let minEchoSpacing = 0;
  let minEchoTime = 0;
  let readoutSliceTime = 0;
  let diffusionLobe = 0;

  switch (kind) {
    case 'gradientEcho': {
      minEchoTime = excitationHalf + prephase + readoutHalf;
      minEchoSpacing = readoutDuration + 2 * rampRo;
      readoutSliceTime = preExcitation + lastEcho + tail;
      break;
    }
    case 'spinEcho': {
      const firstHalf = excitationHalf + prephase + crusher + refocusHalf;
      const secondHalf = refocusHalf + crusher + readoutHalf;
      const trainHalf = refocusHalf + Math.max(crusher, shortestLobe(phaseArea, roles)) + readoutHalf;
      minEchoSpacing = 2 * Math.max(firstHalf, trainHalf);
      if (protocol.echoTrainLength > 1) {
        minEchoTime = minEchoSpacing;
        const esp =
          protocol.echoSpacing ??
          spinEchoTrainSpacing(te, minEchoSpacing, Math.round(protocol.echoTrainLength));
        const centreEcho = Math.max(0, Math.round(te / esp) - 1);
        const lastTrainEcho = te + (Math.round(protocol.echoTrainLength) - 1 - centreEcho) * esp;
        readoutSliceTime = preExcitation + Math.max(lastTrainEcho, te) + tail;
      } else {
        minEchoTime = 2 * Math.max(firstHalf, secondHalf);
        readoutSliceTime = preExcitation + te + tail;
      }
      break;
    }
    case 'balanced': {
      // TE = TR/2: the longer of the two halves around the echo sets TR.
      const minTr =
        2 * Math.max(excitationHalf + prephase + readoutHalf, readoutRest + prephase + preExcitation);
      minEchoTime = minTr / 2;
      minEchoSpacing = minTr;
      readoutSliceTime = minTr;
      break;
    }
    case 'epiGradientEcho':
    case 'epiSpinEcho': {
      // One line as the builder plays it (sequence/build/epi.ts): ramp, flat top, then the longer of the ramp
      // down and the phase blip (1/FOV) that starts on it.
      const blip = shortestLobe(1 / (gamma * protocol.fovPhase), roles);
      minEchoSpacing = rampRo + readoutFlat + Math.max(rampRo, blip);
      const esp = protocol.echoSpacing ?? minEchoSpacing;
      const shots = epiShots(protocol);
      const lines = acquiredPhaseLines(protocol);
      const linesPerShot = Math.ceil(lines / shots);
      // Echoes before the centre line's: the builder and the fast engine read bottom-up, or with partial Fourier
      // top-down from line lines − 1 (sequence/signal.ts `epiReadPosition`, build/epi.ts).
      const centreLine = Math.floor(phaseLines(protocol) / 2);
      const centrePosition = protocol.partialFourier < 1 ? lines - 1 - centreLine : centreLine;
      const centreEcho = Math.floor(Math.max(0, centrePosition) / shots);
      // The train's read and phase prephasers play together, after the excitation's own slice rephaser (or the
      // spin echo's crushers), and the centre echo sits readoutHalf into its line, as build/epi.ts plays them.
      const trainPrephase = Math.max(
        shortestLobe(readoutPrephaseArea, roles),
        shortestLobe(phaseArea, roles),
      );
      const toCentre = trainPrephase + centreEcho * esp + readoutHalf;
      if (kind === 'epiGradientEcho') {
        minEchoTime = excitationHalf + shortestLobe(sliceRephaseArea, roles) + toCentre;
      } else {
        const bs = protocol.family === 'DWI' ? (protocol.bValues ?? []) : [];
        const bMax = bs.reduce((max, b) => Math.max(max, b), 0);
        const gap = 2 * crusher + 2 * refocusHalf;
        diffusionLobe = diffusionLobeDuration(bMax, roles.maxGradient, gap);
        const diffusion = diffusionLobe > 0 ? diffusionLobe + rampTime(roles.maxGradient, roles) : 0;
        const firstHalf = excitationHalf + diffusion + crusher + refocusHalf;
        const secondHalf = refocusHalf + crusher + diffusion + toCentre;
        minEchoTime = 2 * Math.max(firstHalf, secondHalf);
      }
      // The train starts on the block raster (the builder's wait before it rounds up), then its lines and spoiler.
      const trainStart = ceilToGradientRaster(preExcitation + te - toCentre);
      readoutSliceTime = trainStart + trainPrephase + linesPerShot * esp + spoiler;
      break;
    }
    case 'mprage': {
      minEchoTime = excitationHalf + prephase + readoutHalf;
      minEchoSpacing = preExcitation + te + tail;
      readoutSliceTime = 0;
      break;
    }
  }

  let minInversionTime = 0;
  let minRepetitionTime = readoutSliceTime;
  let sliceTime = readoutSliceTime;
  const ti = protocol.inversionTime ?? 0;
  if (protocol.family === 'MPRAGE' || protocol.family === 'MOLLI') {
    const esp =
      protocol.family === 'MOLLI' ? protocol.repetitionTime : (protocol.echoSpacing ?? minEchoSpacing);
    const pulses = readoutPulses(protocol);
    const centre = centrePulseIndex(protocol);
    minInversionTime = inversionLead + preExcitation + centre * esp;
    minRepetitionTime =
      protocol.family === 'MOLLI'
        ? minEchoSpacing
        : INVERSION_PULSE_DURATION_S / 2 + ti + (pulses - centre) * esp;
    sliceTime = minRepetitionTime;
  } else if (hasInversion(protocol.family)) {
    minInversionTime = inversionLead + preExcitation;
    minRepetitionTime = INVERSION_PULSE_DURATION_S / 2 + ti + readoutSliceTime - preExcitation;
    sliceTime = INVERSION_PULSE_DURATION_S + spoiler + readoutSliceTime;
  }

  return {
    readoutDuration,
    readoutGradient,
    sliceSelectGradient: gSs,
    minEchoSpacing,
    minEchoTime,
    minRepetitionTime,
    minInversionTime,
    sliceTime,
    diffusionLobe,
  };
}

/**
 * Excitations per MP-RAGE or MOLLI shot: the ETL when set above 1, else one per partition (MP-RAGE, whose inner
 * loop runs through the partitions) or one per acquired phase line (MOLLI's single-shot 2D readout).
 */
export function readoutPulses(protocol: Protocol): number {
  const etl = Math.round(protocol.echoTrainLength);
  if (etl > 1) return etl;
  return protocol.family === 'MPRAGE'
    ? Math.max(1, Math.round(protocol.sliceCount))
    : acquiredPhaseLines(protocol);
}

/**
 * Which excitation of an MP-RAGE or MOLLI shot reads the k-space centre (linear order): the middle one, or for
 * MOLLI with partial Fourier the first line past the lines before the centre.
 */
export function centrePulseIndex(protocol: Protocol): number {
  const pulses = readoutPulses(protocol);
  if (protocol.family === 'MOLLI' && Math.round(protocol.echoTrainLength) <= 1) {
    return Math.min(
      pulses - 1,
      Math.max(0, acquiredPhaseLines(protocol) - Math.ceil(phaseLines(protocol) / 2)),
    );
  }
  return Math.floor(pulses / 2);
}

/**
 * Echo spacing of the protocol [s]: its own `echoSpacing`, else the shortest on the reference scanner
 * (hardware.ts), so that a protocol without one still has a definite echo-train timing.
 */
export function echoSpacingOf(protocol: Protocol): Seconds {
  if (protocol.echoSpacing !== undefined && protocol.echoSpacing > 0) return protocol.echoSpacing;
  if (protocol.family === 'MOLLI') return protocol.repetitionTime;
  const { minEchoSpacing } = protocolTiming(protocol, REFERENCE_SCANNER);
  const etl = Math.round(protocol.echoTrainLength);
  return readoutKind(protocol.family) === 'spinEcho' && etl > 1
    ? spinEchoTrainSpacing(protocol.echoTime, minEchoSpacing, etl)
    : minEchoSpacing;
}

/**
 * Echo spacing [s] a spin-echo train of `etl` echoes plays so that an echo falls on TE exactly: echo k (0-based)
 * comes (k + 1)·ESP after the excitation (CPMG), so TE = (c + 1)·ESP for the echo c that reads the k-space centre,
 * with c + 1 = ⌊TE / ESPmin⌋ echoes, the most that fit (ESP ≥ ESPmin, the shortest spacing). A TE that no echo of
 * the train reaches (c + 1 outside 1…ETL) keeps ESPmin, and validation refuses it. Before, the fast engine put the
 * centre line at TE and the Bloch builder played ESPmin, whose nearest echo missed TE by up to ESPmin/2 (default
 * FLAIR at 128²: 118.7 ms for TE 120 ms, on the echo after the fast engine's; white matter +5.7 %, issue 23.5).
 */
export function spinEchoTrainSpacing(echoTime: Seconds, minEchoSpacing: Seconds, etl: number): Seconds {
  const echoes = Math.floor(echoTime / minEchoSpacing + 1e-9);
  return echoes >= 1 && echoes <= etl ? echoTime / echoes : minEchoSpacing;
}
