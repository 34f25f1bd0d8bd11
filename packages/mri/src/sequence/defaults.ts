import { FAT_WATER_SHIFT_PPM } from '../constants.ts';
import { chemicalShiftHz } from '../tissue/field.ts';
import { tissueAtField } from '../tissue/library.ts';
import { degToRad, mmToM, msToS, type Radians, type Seconds, type Tesla } from '../units.ts';
import type { TissueKey } from '../tissue/types.ts';
import type { PhaseDirection, Protocol, Scanner, SequenceFamily, SliceOrientation } from './protocol.ts';
import { inversionNullTimeWithReadout } from './steady-state.ts';
import { protocolTiming } from './timing.ts';

/**
 * Default protocol of each family: typical textbook brain values at 1.5 T (research note, parameter table),
 * with the field-dependent ones (STIR and FLAIR inversion times, Dixon echo times) computed for the scanner's
 * field from the tissue library, so a default scan shows the contrast its name promises at every field.
 */

/** Geometry and resolution shared by the 2D families: 240 mm FOV, 256², 5 mm slices, 1 mm gap. */
const BASE: Omit<Protocol, 'family' | 'repetitionTime' | 'echoTime' | 'flipAngle'> = {
  echoTrainLength: 1,
  bandwidthPerPixel: 200,
  fovRead: mmToM(240),
  fovPhase: mmToM(240),
  matrixRead: 256,
  matrixPhase: 256,
  sliceThickness: mmToM(5),
  sliceGap: mmToM(1),
  sliceCount: 5,
  geometry: { orientation: 'axial', center: [0, 0, 0] },
  phaseDirection: 'column',
  nex: 1,
  phaseOversampling: 0,
  fatSaturation: false,
  partialFourier: 1,
};

/**
 * EPI geometry: 64², 240 mm, 4 mm slices, a high readout bandwidth (1500 Hz/pixel: an echo spacing of about
 * 0.8 ms, so the default TEs are reachable), and fat saturation on as consoles do for EPI: fat's shift along
 * phase is Δf·N·ESP ≈ 11 pixels at 1.5 T (reference/analytic_formulas.md §9), a ghost of the scalp otherwise.
 */
const EPI: Partial<Protocol> = {
  matrixRead: 64,
  matrixPhase: 64,
  bandwidthPerPixel: 1500,
  sliceThickness: mmToM(4),
  sliceGap: mmToM(1),
  sliceCount: 20,
  fatSaturation: true,
};

/** Shortest TI the default MP-RAGE readout (128 partitions × 10 ms, centre in the middle) allows, rounded up [s]. */
const MPRAGE_MIN_INVERSION_TIME_S = msToS(650);

/**
 * Least first echo and echo gap of the default Dixon [s]; longer where the scanner's gradients need it
 * (`fitTiming`: timing.ts's shortest TE and bipolar echo spacing).
 */
const DIXON_MIN_FIRST_ECHO_S = msToS(2.2);
const DIXON_MIN_ECHO_GAP_S = msToS(2.2);
/** Least TR of the default MOLLI [s]; longer where the scanner's gradients need it (`fitTiming`). */
const MOLLI_MIN_REPETITION_S = msToS(3.2);
/** The console's step for TE and TR [s] (parameters.ts). */
const TIME_STEP_S = msToS(0.1);

/** Fat–water frequency difference at field `b0` [Hz] (always positive). */
function fatWaterShiftHz(b0: number): number {
  return Math.abs(chemicalShiftHz(FAT_WATER_SHIFT_PPM, b0));
}

/** Family-specific defaults on top of BASE. */
type FamilyDefaults = Partial<Protocol> &
  Pick<Protocol, 'family' | 'repetitionTime' | 'echoTime' | 'flipAngle'>;

function familyDefaults(family: SequenceFamily, scanner: Scanner): FamilyDefaults {
  const b0 = scanner.b0;
  // Above 2 T, trains refocus with 120° and bSSFP flips less, to stay within the SAR limit (derived.ts).
  const highField = b0 > 2;
  const lowField = b0 < 1;
  const refocusing = degToRad(highField ? 120 : 150);
  switch (family) {
    case 'SE':
      // Shorter T1 at low field: a shorter TR keeps the T1 weighting.
      return {
        family,
        repetitionTime: msToS(lowField ? 400 : 500),
        echoTime: msToS(15),
        flipAngle: degToRad(90),
      };
    case 'TSE':
      return {
        family,
        repetitionTime: msToS(highField ? 5000 : 4000),
        echoTime: msToS(100),
        flipAngle: degToRad(90),
        echoTrainLength: 15,
        refocusingFlipAngle: refocusing,
        sliceCount: 20,
      };
    case 'GRE':
      return { family, repetitionTime: msToS(250), echoTime: msToS(4.8), flipAngle: degToRad(70) };
    case 'SWI':
      return {
        family,
        repetitionTime: msToS(50),
        echoTime: msToS(40) * (1.5 / Math.max(b0, 1.5)),
        flipAngle: degToRad(15),
        bandwidthPerPixel: 100,
        sliceThickness: mmToM(2),
        sliceGap: 0,
        sliceCount: 32,
        is3d: true,
      };
    case 'bSSFP':
      return {
        family,
        repetitionTime: msToS(5),
        echoTime: msToS(2.5),
        flipAngle: degToRad(highField ? 35 : 60),
        bandwidthPerPixel: 930,
        sliceCount: 1,
      };
    case 'IR':
      return {
        family,
        repetitionTime: msToS(2000),
        echoTime: msToS(15),
        flipAngle: degToRad(90),
        inversionTime: msToS(700),
      };
    case 'STIR':
      return nullingInversionTse(family, b0, 'fat', { tr: msToS(4000), te: msToS(50), etl: 10, refocusing });
    case 'FLAIR':
      return {
        ...nullingInversionTse(family, b0, 'csf', { tr: msToS(9000), te: msToS(120), etl: 15, refocusing }),
        sliceCount: 20,
      };
    case 'MPRAGE':
      return {
        family,
        repetitionTime: msToS(2000),
        echoTime: msToS(4),
        flipAngle: degToRad(12),
        // TI ≈ 1.3 × white-matter T1 (1.1 s at 3 T), no shorter than the readout allows.
        inversionTime: round(
          Math.max(MPRAGE_MIN_INVERSION_TIME_S, 1.3 * tissueAtField('whiteMatter', b0).t1),
          1e-2,
        ),
        echoSpacing: msToS(10),
        matrixPhase: 192,
        sliceThickness: mmToM(1.2),
        sliceGap: 0,
        sliceCount: 128,
        is3d: true,
      };
    case 'GRE-EPI':
      return { family, repetitionTime: msToS(3000), echoTime: msToS(45), flipAngle: degToRad(90), ...EPI };
    case 'SE-EPI':
      return { family, repetitionTime: msToS(3000), echoTime: msToS(90), flipAngle: degToRad(90), ...EPI };
    case 'DWI':
      return {
        family,
        repetitionTime: msToS(4000),
        echoTime: msToS(90),
        flipAngle: degToRad(90),
        ...EPI,
        partialFourier: 0.75,
        bValues: [0, 1e9],
      };
    case 'Dixon': {
      const [first, second] = dixonEchoes(b0, DIXON_MIN_FIRST_ECHO_S, DIXON_MIN_ECHO_GAP_S);
      return {
        family,
        repetitionTime: msToS(150),
        echoTime: first,
        echoTimes: [first, second],
        flipAngle: degToRad(70),
        bandwidthPerPixel: 500,
      };
    }
    case 'MOLLI':
      // The shortest balanced TR at 1000 Hz/pixel on the 10 µs gradient raster is 3.02 ms at 45 mT/m (timing.ts).
      return {
        family,
        repetitionTime: MOLLI_MIN_REPETITION_S,
        echoTime: MOLLI_MIN_REPETITION_S / 2,
        flipAngle: degToRad(35),
        inversionTime: msToS(120),
        bandwidthPerPixel: 1000,
        fovRead: mmToM(360),
        fovPhase: mmToM(300),
        matrixRead: 192,
        matrixPhase: 128,
        partialFourier: 0.75,
        sliceThickness: mmToM(8),
        sliceCount: 1,
      };
  }
}

/**
 * An inversion-prepared TSE (STIR, FLAIR) whose TI nulls the tissue `nulled` at field `b0` for its TR and TE,
 * to the nearest 1 ms: TR `tr` and TE `te` [s], `etl` echoes refocused by `refocusing` [rad].
 */
function nullingInversionTse(
  family: 'STIR' | 'FLAIR',
  b0: Tesla,
  nulled: TissueKey,
  { tr, te, etl, refocusing }: { tr: Seconds; te: Seconds; etl: number; refocusing: Radians },
): FamilyDefaults {
  return {
    family,
    repetitionTime: tr,
    echoTime: te,
    flipAngle: degToRad(90),
    echoTrainLength: etl,
    refocusingFlipAngle: refocusing,
    inversionTime: round(inversionNullTimeWithReadout(tissueAtField(nulled, b0).t1, tr, te), 1e-3),
  };
}

/**
 * Dixon echo times at field `b0` [s]: the first opposed-phase echo (n + ½)/Δf not before `minFirst`, then the
 * first in-phase echo m/Δf at least `minGap` later (reference/analytic_formulas.md §5).
 */
function dixonEchoes(b0: number, minFirst: number, minGap: number): [number, number] {
  const df = fatWaterShiftHz(b0);
  const first = (Math.ceil(minFirst * df - 0.5 - 1e-9) + 0.5) / df;
  return [first, Math.ceil((first + minGap) * df - 1e-9) / df];
}

/**
 * The default's timing on `scanner` where a slower gradient needs more than the defaults assume, by validation's
 * rules (timing.ts): Dixon's echoes from its shortest TE and bipolar echo spacing, MOLLI's TR (TE = TR/2) from its
 * shortest balanced TR, on the console's 0.1 ms step. Values on a 45 mT/m scanner are unchanged.
 */
function fitTiming(p: Protocol, scanner: Scanner): Protocol {
  if (p.family === 'Dixon') {
    const timing = protocolTiming(p, scanner);
    const [first, second] = dixonEchoes(
      scanner.b0,
      Math.max(DIXON_MIN_FIRST_ECHO_S, timing.minEchoTime),
      Math.max(DIXON_MIN_ECHO_GAP_S, timing.minEchoSpacing),
    );
    return { ...p, echoTime: first, echoTimes: [first, second] };
  }
  if (p.family === 'MOLLI') {
    const half =
      Math.ceil(protocolTiming(p, scanner).minRepetitionTime / 2 / TIME_STEP_S - 1e-9) * TIME_STEP_S;
    const tr = Math.max(MOLLI_MIN_REPETITION_S, 2 * half);
    return { ...p, repetitionTime: tr, echoTime: tr / 2 };
  }
  return p;
}

function round(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/**
 * The phase-encoding direction a console proposes for a slice orientation: along the body's shorter in-plane
 * extent, so that what lies beyond the FOV along the long axis (femur and tibia, the spine, the neck) cannot
 * wrap into the image: anterior–posterior on axial slices (columns), anterior–posterior on sagittal and
 * right–left on coronal slices (rows; their columns run along the body's long axis, docs/conventions.md).
 */
export function defaultPhaseDirection(orientation: SliceOrientation): PhaseDirection {
  return orientation === 'axial' ? 'column' : 'row';
}

/** The default protocol of `family` for `scanner` (see the module comment). */
export function defaultProtocol(family: SequenceFamily, scanner: Scanner): Protocol {
  return fitTiming({ ...BASE, ...familyDefaults(family, scanner) }, scanner);
}
