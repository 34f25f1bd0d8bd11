import { FAT_WATER_SHIFT_PPM } from '../constants.ts';
import { chemicalShiftHz } from '../tissue/field.ts';
import { tissueAtField } from '../tissue/library.ts';
import { degToRad, mmToM, msToS } from '../units.ts';
import type { PhaseDirection, Protocol, Scanner, SequenceFamily, SliceOrientation } from './protocol.ts';
import { inversionNullTimeWithReadout } from './steady-state.ts';

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

/** Shortest first echo and echo gap the default Dixon readout (500 Hz/pixel) reaches [s]. */
const DIXON_MIN_FIRST_ECHO_S = msToS(2.2);
const DIXON_MIN_ECHO_GAP_S = msToS(2.2);

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
    case 'STIR': {
      const tr = msToS(4000);
      const te = msToS(50);
      return {
        family,
        repetitionTime: tr,
        echoTime: te,
        flipAngle: degToRad(90),
        echoTrainLength: 10,
        refocusingFlipAngle: refocusing,
        inversionTime: round(inversionNullTimeWithReadout(tissueAtField('fat', b0).t1, tr, te), 1e-3),
      };
    }
    case 'FLAIR': {
      const tr = msToS(9000);
      const te = msToS(120);
      return {
        family,
        repetitionTime: tr,
        echoTime: te,
        flipAngle: degToRad(90),
        echoTrainLength: 15,
        refocusingFlipAngle: refocusing,
        inversionTime: round(inversionNullTimeWithReadout(tissueAtField('csf', b0).t1, tr, te), 1e-3),
        sliceCount: 20,
      };
    }
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
      const df = fatWaterShiftHz(b0);
      const opposed = 1 / (2 * df);
      // The first opposed-phase echo long enough to fit, then the first in-phase echo a readout later.
      const first = opposed >= DIXON_MIN_FIRST_ECHO_S ? opposed : 3 * opposed;
      const second = Math.ceil((first + DIXON_MIN_ECHO_GAP_S) * df) / df;
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
      return {
        family,
        repetitionTime: msToS(3),
        echoTime: msToS(1.5),
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
  return { ...BASE, ...familyDefaults(family, scanner) };
}
