import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import type { TissueAtField } from '../tissue/types.ts';
import type { Seconds } from '../units.ts';
import { partialFourierLines } from '../recon/partialFourier.ts';
import { bssfpTransverse } from './bssfp.ts';
import { echoTrainLayout, trainCentreEcho, type EchoTrainLayout } from './echo-train.ts';
import { molliSignal, mprageSignal } from './prepared.ts';
import type { Protocol, Scanner } from './protocol.ts';
import { inversionRecoverySignal, spinEchoSignal, spoiledGradientEchoSignal } from './steady-state.ts';
import { centrePulseIndex, echoSpacingOf, isEpiReadout, readoutKind, readoutPulses } from './timing.ts';

/**
 * The signal model of the fast engine: one complex weight per tissue and, for echo trains, an acquisition time
 * per phase-encoding line. Conventions (DESIGN.md §3, docs/conventions.md): a phase-0 excitation puts M along
 * +y, so a real, positive magnetisation reads out as M⊥ = i·S; protons precess clockwise, so off-resonance Δf
 * adds a phase e^(−i·2π·Δf·t) by time t after excitation (refocused at a spin echo).
 */

/** Chemical shifts at or below this [ppm] count as fat (fat saturation and STIR act on them). */
const FAT_SHIFT_THRESHOLD_PPM = -2;

/**
 * Susceptibility field inside a long cylinder parallel to B0, relative to its surroundings: ΔB/B0 = Δχ/3
 * (Lorentz-corrected; Haacke et al., MRM 2004;52:612, ΔB = Δχ·B0·(3cos²θ − 1)/6 at θ = 0). SWI's per-tissue
 * phase uses this vein-like geometry; a field map from the susceptibility distribution adds the rest.
 */
const PARALLEL_CYLINDER_SUSCEPTIBILITY_FACTOR = 1 / 3;

/** S·i·e^(−iφ): a real signed amplitude read out along +y, then rotated clockwise by φ [rad]. */
function alongY(amplitude: number, phase = 0): { re: number; im: number } {
  return { re: amplitude * Math.sin(phase), im: amplitude * Math.cos(phase) };
}

/** Phase accumulated by off-resonance `hz` [Hz] over `t` [s] (clockwise precession): 2π·Δf·t [rad]. */
function precessionPhase(hz: number, t: Seconds): number {
  return 2 * Math.PI * hz * t;
}

/**
 * Transverse magnetisation per unit proton density at the echo time of the k-space centre for the protocol's
 * family (multiply by `tissue.pd` for the voxel signal). Multi-echo and multi-b families give the value at
 * `protocol.echoTime` and `protocol.bValues[0]`: an engine evaluates each echo or b-value by passing a protocol
 * with that one value. Closed forms, ideal pulses (reference/analytic_formulas.md):
 * - SE, TSE: spin echo with the exact T1 term (§1); IR, STIR, FLAIR: inversion with the SE readout term (§2);
 * - GRE, Dixon, GRE-EPI: spoiled steady state with T2* and the chemical-shift phase (§3, §5); SWI adds the
 *   susceptibility phase; SE-EPI: spin echo; DWI: spin echo × e^(−b·ADC) (Stejskal & Tanner 1965);
 * - bSSFP: Freeman–Hill with off-resonance (§4); MP-RAGE: Deichmann et al. 2000; MOLLI: apparent T1*
 *   (Messroghli 2004, Schmitt 2004);
 * - fat saturation zeroes fat (ideal spectrally selective saturation).
 */
export function tissueSignal(
  protocol: Protocol,
  tissue: TissueAtField,
  scanner: Scanner,
): { re: number; im: number } {
  const isFat = tissue.chemicalShiftPpm <= FAT_SHIFT_THRESHOLD_PPM;
  if (protocol.fatSaturation && isFat) return { re: 0, im: 0 };
  const { t1, t2, t2star, offResonanceHz } = tissue;
  const tr = protocol.repetitionTime;
  const te = protocol.echoTime;
  const alpha = protocol.flipAngle;
  const chemicalPhase = precessionPhase(offResonanceHz, te);

  switch (protocol.family) {
    case 'SE':
    case 'TSE':
    case 'SE-EPI':
      return alongY(spinEchoSignal(t1, t2, tr, te, alpha, singleRefocusing(protocol)));
    case 'DWI': {
      const b = protocol.bValues?.[0] ?? 0;
      return alongY(
        spinEchoSignal(t1, t2, tr, te, alpha, singleRefocusing(protocol)) * Math.exp(-b * tissue.adc),
      );
    }
    case 'IR':
    case 'STIR':
    case 'FLAIR':
      return alongY(inversionRecoverySignal(t1, t2, tr, requireInversionTime(protocol), te));
    case 'GRE':
    case 'Dixon':
    case 'GRE-EPI':
      return alongY(spoiledGradientEchoSignal(t1, t2star, tr, te, alpha), chemicalPhase);
    case 'SWI': {
      const susceptibilityHz =
        GYROMAGNETIC_RATIO_HZ_PER_T *
        scanner.b0 *
        tissue.susceptibilityPpm *
        1e-6 *
        PARALLEL_CYLINDER_SUSCEPTIBILITY_FACTOR;
      const phase = chemicalPhase + precessionPhase(susceptibilityHz, te);
      return alongY(spoiledGradientEchoSignal(t1, t2star, tr, te, alpha), phase);
    }
    case 'bSSFP':
      return bssfpTransverse(t1, t2, tr, te, alpha, offResonanceHz);
    case 'MPRAGE': {
      const amplitude = mprageSignal(t1, t2star, {
        shotRepetitionTime: tr,
        inversionTime: requireInversionTime(protocol),
        echoSpacing: echoSpacingOf(protocol),
        pulses: readoutPulses(protocol),
        centrePulse: centrePulseIndex(protocol),
        echoTime: te,
        flipAngle: alpha,
      });
      return alongY(amplitude, chemicalPhase);
    }
    case 'MOLLI':
      return alongY(molliSignal(t1, t2, requireInversionTime(protocol), tr, te, alpha));
  }
}

/**
 * Refocusing angle the signal model applies: the protocol's for a single spin echo (SE, SE-EPI, DWI); trains
 * (TSE, ETL > 1) keep most of their signal through stimulated echoes (Hennig, J Magn Reson 1988;78:397) and are
 * modelled as ideally refocused, so there the angle changes only SAR.
 */
function singleRefocusing(protocol: Protocol): number {
  const isTrain = protocol.family === 'TSE' || (protocol.family === 'SE' && protocol.echoTrainLength > 1);
  return isTrain ? Math.PI : (protocol.refocusingFlipAngle ?? Math.PI);
}

function requireInversionTime(protocol: Protocol): Seconds {
  if (protocol.inversionTime === undefined) {
    throw new Error(`${protocol.family} needs an inversion time (protocol.inversionTime)`);
  }
  return protocol.inversionTime;
}

/**
 * The echo-train layout of a spin-echo train (TSE, and IR/STIR/FLAIR/SE with ETL > 1) over a centred k-space
 * of `linesTotal` rows (echo-train.ts), or undefined for any other readout. Partial Fourier reads lines
 * [0, acquired) (recon/partialFourier.ts).
 */
export function spinEchoTrainLayout(protocol: Protocol, linesTotal: number): EchoTrainLayout | undefined {
  const etl = Math.min(Math.round(protocol.echoTrainLength), linesTotal);
  if (readoutKind(protocol.family) !== 'spinEcho' || etl <= 1) return undefined;
  const acquired =
    protocol.partialFourier < 1 ? partialFourierLines(linesTotal, protocol.partialFourier) : linesTotal;
  const centreEcho = trainCentreEcho(protocol.echoTime, echoSpacingOf(protocol), etl);
  return echoTrainLayout(etl, centreEcho, linesTotal, acquired);
}

/**
 * Where an EPI readout reads line `line` of `linesTotal`, counted from the train's first line: bottom to top,
 * or with partial Fourier top down from line acquired − 1, so that only the few lines past the centre precede
 * it and TE can shorten (timing.ts `protocolTiming` counts the same lines before the centre; the Bloch builder
 * build/epi.ts plays this order).
 */
export function epiReadPosition(protocol: Protocol, linesTotal: number): (line: number) => number {
  if (!(protocol.partialFourier < 1)) return (line) => line;
  const acquired = partialFourierLines(linesTotal, protocol.partialFourier);
  return (line) => acquired - 1 - line;
}

/**
 * When phase-encoding line `line` (0-based; the centre line is floor(linesTotal/2)) is acquired after its
 * excitation [s]:
 * - echo trains of spin echoes (TSE, and IR/STIR/FLAIR/SE with ETL > 1): TE + (echo − centre echo)·ESP with the
 *   echo of `spinEchoTrainLayout` (centric, linear or centred on the effective TE; never wrapping);
 * - EPI (GRE-EPI, SE-EPI, DWI): TE + (echo index − centre echo index)·ESP, echo index = floor(position/shots)
 *   for interleaved shots, position = line, or acquired − 1 − line with partial Fourier (`epiReadPosition`);
 * - every other family: TE.
 * ESP is `protocol.echoSpacing`, else the shortest on the reference scanner (timing.ts). For every line at once
 * use `lineEchoTimes` (one layout instead of one per line).
 */
export function echoTimeOfLine(protocol: Protocol, line: number, linesTotal: number): Seconds {
  return echoTimeOfLineIn(protocol, line, linesTotal, spinEchoTrainLayout(protocol, linesTotal));
}

/** Echo time of every phase-encoding line of a centred k-space of `linesTotal` rows [s] (`echoTimeOfLine`). */
export function lineEchoTimes(protocol: Protocol, linesTotal: number): Float64Array {
  const layout = spinEchoTrainLayout(protocol, linesTotal);
  const times = new Float64Array(linesTotal);
  for (let line = 0; line < linesTotal; line++)
    times[line] = echoTimeOfLineIn(protocol, line, linesTotal, layout);
  return times;
}

function echoTimeOfLineIn(
  protocol: Protocol,
  line: number,
  linesTotal: number,
  layout: EchoTrainLayout | undefined,
): Seconds {
  const te = protocol.echoTime;
  const kind = readoutKind(protocol.family);
  const etl = Math.min(Math.round(protocol.echoTrainLength), linesTotal);
  const centre = Math.floor(linesTotal / 2);
  if (layout) {
    const echo = layout.echoOfLine[line] ?? -1;
    return echo < 0 ? te : te + (echo - layout.centreEcho) * echoSpacingOf(protocol);
  }
  if (isEpiReadout(kind)) {
    const esp = echoSpacingOf(protocol);
    const shots = etl <= 1 || etl >= linesTotal ? 1 : Math.ceil(linesTotal / etl);
    const position = epiReadPosition(protocol, linesTotal);
    return te + (Math.floor(position(line) / shots) - Math.floor(position(centre) / shots)) * esp;
  }
  return te;
}
