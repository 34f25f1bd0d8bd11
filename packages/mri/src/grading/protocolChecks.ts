/**
 * Checks on the protocol of a submitted series (issue 14): decided from the scan snapshot with the same physics the
 * engines use (scan time of sequence/derived.ts, weighting from the signal equation, geometry of the display planes).
 */
import { scanTime } from '../sequence/derived.ts';
import type { Protocol, Scanner, SequenceFamily } from '../sequence/protocol.ts';
import { tissueSignal } from '../sequence/signal.ts';
import { inversionNullTimeWithReadout } from '../sequence/steady-state.ts';
import { tissueAtField } from '../tissue/library.ts';
import { tissueName } from '../tissue/names.ts';
import type { Vec3 } from '../units.ts';
import type { GradingContext } from './context.ts';
import { fractionOf, labelsOf } from './labels.ts';
import type { CheckOutcome, Objective, PatientDirection } from './objectives.ts';
import { atLeast, atMost, binary } from './score.ts';
import { timingWords, weightingHint, weightingParameters, weightingWords } from './weighting.ts';

const M_PER_MM = 1e-3;
const mm = (m: number): string => `${(m / M_PER_MM).toFixed(2).replace(/\.?0+$/, '')} mm`;
/** Field strengths closer than this [T] are the same scanner. */
const FIELD_TOLERANCE_T = 0.05;
/**
 * A STIR suppresses fat when fat keeps at most this fraction of the signal it gives with the inversion far
 * from its null (TI = 5·T1 of fat): within about ±20 % of the null point.
 */
export const STIR_FAT_SIGNAL_MAX = 0.25;
const ms = (s: number): string => `${Math.round(s * 1000)} ms`;

/** Sequence families in words. */
const FAMILY_NAMES: Record<SequenceFamily, string> = {
  SE: 'spin echo (SE)',
  TSE: 'turbo spin echo (TSE)',
  GRE: 'gradient echo (GRE)',
  SWI: 'susceptibility-weighted imaging (SWI)',
  bSSFP: 'balanced SSFP',
  IR: 'inversion recovery (IR)',
  STIR: 'STIR',
  FLAIR: 'FLAIR',
  MPRAGE: 'MP-RAGE',
  'GRE-EPI': 'gradient-echo EPI',
  'SE-EPI': 'spin-echo EPI',
  DWI: 'diffusion-weighted imaging (DWI)',
  Dixon: 'Dixon',
  MOLLI: 'MOLLI',
};
export const familyName = (family: SequenceFamily): string => FAMILY_NAMES[family] ?? family;

/**
 * Fat's signal in a STIR relative to the same STIR with TI far from fat's null (5·T1 of fat), and the TI that
 * nulls fat for this TR and TE (sequence/steady-state.ts `inversionNullTimeWithReadout`).
 */
export function stirFatSignal(protocol: Protocol, scanner: Scanner): { fraction: number; nullTime: number } {
  const fat = tissueAtField('fat', scanner.b0);
  const magnitude = (p: Protocol) => {
    const s = tissueSignal(p, fat, scanner);
    return Math.hypot(s.re, s.im);
  };
  const unsuppressed = magnitude({ ...protocol, inversionTime: 5 * fat.t1 });
  const fraction = unsuppressed > 0 ? magnitude(protocol) / unsuppressed : 0;
  return {
    fraction,
    nullTime: inversionNullTimeWithReadout(fat.t1, protocol.repetitionTime, protocol.echoTime),
  };
}

/** The patient axis a unit vector runs along most (LPS: x right→left, y anterior→posterior, z feet→head). */
export function patientDirection(v: Vec3): PatientDirection {
  const a = v.map(Math.abs);
  if ((a[0] ?? 0) >= (a[1] ?? 0) && (a[0] ?? 0) >= (a[2] ?? 0)) return 'RL';
  return (a[1] ?? 0) >= (a[2] ?? 0) ? 'AP' : 'HF';
}

const DIRECTION_WORDS: Record<PatientDirection, string> = {
  RL: 'right–left',
  AP: 'anterior–posterior',
  HF: 'head–feet',
};

/** Fraction of a tissue's volume in the model that the series' slabs (within the FOV) cover. */
export function coveredFraction(ctx: GradingContext, tissue: string): number | null {
  const { model } = ctx.series;
  const labels = labelsOf(model, tissue);
  if (labels.length === 0) return null;
  const { volume } = model;
  let voxels = 0;
  const wanted = new Uint8Array(256);
  for (const l of labels) wanted[l] = 1;
  const all = volume.labels;
  for (let v = 0; v < all.length; v++) voxels += wanted[all[v] ?? 0] ?? 0;
  if (voxels === 0) return null;
  const [dx, dy, dz] = volume.voxelSize;
  const total = voxels * dx * dy * dz;
  let covered = 0;
  ctx.geometry.slices.forEach((plane, i) => {
    const f = fractionOf(ctx.labels(i), labels);
    let sum = 0;
    for (const v of f) sum += v;
    covered += sum * plane.rowSpacing * plane.columnSpacing * plane.sliceThickness;
  });
  return Math.min(1, covered / total);
}

/** Decides a protocol check, or returns undefined for a kind that is not one. */
export function checkProtocol(objective: Objective, ctx: GradingContext): CheckOutcome | undefined {
  const { protocol, scanner } = ctx.series.snapshot;
  switch (objective.kind) {
    case 'sequenceFamily': {
      const passed = objective.families.includes(protocol.family);
      const wanted = objective.families.map(familyName).join(' or ');
      return binary(objective, {
        passed,
        measured: familyName(protocol.family),
        target: wanted,
        value: null,
        hint: passed
          ? `A ${familyName(protocol.family)} is one of the sequences this task asks for.`
          : `The series is a ${familyName(protocol.family)}; this task asks for a ${wanted}. Add a new scan of that sequence type.`,
        adjust: ['family'],
      });
    }
    case 'weighting': {
      const analysis = ctx.weighting();
      const passed = analysis.weighting === objective.weighting;
      return binary(objective, {
        passed,
        measured: `${timingWords(protocol)}: ${weightingWords(analysis.weighting)}`,
        target: weightingWords(objective.weighting),
        value: null,
        hint: weightingHint(protocol, analysis, objective.weighting),
        adjust: weightingParameters(objective.weighting),
      });
    }
    case 'orientation': {
      const got = protocol.geometry.orientation;
      return binary(objective, {
        passed: got === objective.orientation,
        measured: `${got} slices`,
        target: `${objective.orientation} slices`,
        value: null,
        hint: `Slices are planned ${got}; the task asks for ${objective.orientation} slices. Change the slice orientation on the localiser.`,
        adjust: ['orientation'],
      });
    }
    case 'phaseDirection': {
      const plane = ctx.geometry.slices[0];
      if (!plane) return undefined;
      const vector = protocol.phaseDirection === 'column' ? plane.columnDirection : plane.rowDirection;
      const got = patientDirection(vector);
      return binary(objective, {
        passed: got === objective.direction,
        measured: `phase encoding ${DIRECTION_WORDS[got]}`,
        target: `phase encoding ${DIRECTION_WORDS[objective.direction]}`,
        value: null,
        hint:
          `Phase encoding runs ${DIRECTION_WORDS[got]}; the task asks for ${DIRECTION_WORDS[objective.direction]}. ` +
          'Motion ghosts and wrap-around appear along the phase direction: choose the direction in which the anatomy is shortest or motion matters least.',
        adjust: ['phaseDirection'],
      });
    }
    case 'scanTimeMax': {
      const seconds = scanTime(protocol, scanner).seconds;
      return atMost(objective, seconds, objective.maxSeconds, {
        measured: `scan time ${seconds.toFixed(1)} s`,
        target: `≤ ${objective.maxSeconds} s`,
        hint: `The scan takes ${seconds.toFixed(1)} s; the task allows ${objective.maxSeconds} s. Scan time is TR × phase lines × NEX (÷ echo-train length): fewer lines, a longer echo train, fewer averages or a shorter TR shorten it.`,
        adjust: ['repetitionTime', 'matrixPhase', 'nex', 'echoTrainLength'],
      });
    }
    case 'inPlaneResolutionMax': {
      const pixel = Math.max(
        protocol.fovRead / protocol.matrixRead,
        protocol.fovPhase / protocol.matrixPhase,
      );
      const got = pixel / M_PER_MM;
      return atMost(objective, got, objective.maxMm, {
        measured: `pixels of ${mm(pixel)}`,
        target: `≤ ${objective.maxMm} mm`,
        hint: `The largest pixel side is ${mm(pixel)}; the task asks for ${objective.maxMm} mm or less. Pixel size is FOV ÷ matrix: a larger matrix or a smaller FOV gives finer pixels (and less SNR per pixel).`,
        adjust: ['matrixRead', 'matrixPhase', 'fovRead', 'fovPhase'],
      });
    }
    case 'sliceThicknessMax': {
      const got = protocol.sliceThickness / M_PER_MM;
      return atMost(objective, got, objective.maxMm, {
        measured: `slices of ${mm(protocol.sliceThickness)}`,
        target: `≤ ${objective.maxMm} mm`,
        hint: `Slices are ${mm(protocol.sliceThickness)} thick; the task asks for ${objective.maxMm} mm or less. Thinner slices resolve small structures through the plane, at the cost of SNR in proportion to thickness.`,
        adjust: ['sliceThickness'],
      });
    }
    case 'coverage': {
      const fraction = coveredFraction(ctx, objective.tissue);
      const tissue = tissueName(objective.tissue);
      if (fraction === null)
        return binary(objective, {
          passed: false,
          measured: null,
          target: `${Math.round(objective.minFraction * 100)} % of the ${tissue}`,
          value: null,
          hint: `This anatomical model has no ${tissue}.`,
          adjust: [],
        });
      return atLeast(objective, fraction, objective.minFraction, {
        measured: `${(fraction * 100).toFixed(0)} % of the ${tissue} covered`,
        target: `≥ ${Math.round(objective.minFraction * 100)} %`,
        hint: `The slices cover ${(fraction * 100).toFixed(0)} % of the ${tissue}; the task asks for ${Math.round(objective.minFraction * 100)} %. More slices, a smaller gap or a shifted slab centre on the localiser cover more.`,
        adjust: ['sliceCount', 'sliceGap', 'slicePosition'],
      });
    }
    case 'fatSuppression': {
      const stir = protocol.family === 'STIR' ? stirFatSignal(protocol, scanner) : null;
      const stirSuppresses = stir !== null && stir.fraction <= STIR_FAT_SIGNAL_MAX;
      const suppressed = protocol.fatSaturation || protocol.family === 'Dixon' || stirSuppresses;
      const passed = suppressed === objective.required;
      const measured =
        stir !== null
          ? `fat keeps ${Math.round(stir.fraction * 100)} % of its signal at TI ${ms(protocol.inversionTime ?? 0)}`
          : suppressed
            ? 'fat suppressed'
            : 'no fat suppression';
      let hint: string;
      if (!objective.required) hint = 'This task needs the fat signal: turn fat saturation off.';
      else if (stir !== null && !stirSuppresses)
        hint = `A STIR darkens fat only near its null point: for TR ${ms(protocol.repetitionTime)} fat (T1 ≈ ${ms(tissueAtField('fat', scanner.b0).t1)}) crosses zero at TI ≈ ${ms(stir.nullTime)} (TI = 0.69 · T1 for a long TR). TI is ${ms(protocol.inversionTime ?? 0)}: change TI.`;
      else
        hint =
          'Fat saturation, STIR (TI ≈ 0.69·T1 of fat) or Dixon remove the fat signal, so oedema and fluid stand out.';
      return binary(objective, {
        passed,
        measured,
        target: objective.required ? 'fat suppressed' : 'no fat suppression',
        value: stir === null ? null : stir.fraction,
        hint,
        adjust: stir !== null ? ['inversionTime'] : ['fatSaturation', 'family'],
      });
    }
    case 'fieldStrength': {
      const passed = Math.abs(scanner.b0 - objective.tesla) <= FIELD_TOLERANCE_T;
      return binary(objective, {
        passed,
        measured: `${scanner.b0} T`,
        target: `${objective.tesla} T`,
        value: scanner.b0,
        hint: `The scanner runs at ${scanner.b0} T; the task asks for ${objective.tesla} T. Higher field gives more SNR and longer T1; chemical shift and susceptibility effects grow with it.`,
        adjust: ['b0'],
      });
    }
    default:
      return undefined;
  }
}
