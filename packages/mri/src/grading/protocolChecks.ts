/**
 * Checks on the protocol of a submitted series (issue 14): decided from the scan snapshot with the same physics the
 * engines use (scan time of sequence/derived.ts, weighting from the signal equation, geometry of the display planes).
 */
import { scanTime } from '../sequence/derived.ts';
import type { Vec3 } from '../units.ts';
import type { GradingContext } from './context.ts';
import { fractionOf, labelsOf } from './labels.ts';
import type { CheckOutcome, Objective, PatientDirection } from './objectives.ts';
import { atLeast, atMost, binary } from './score.ts';
import { analyseWeighting, weightingHint } from './weighting.ts';

const M_PER_MM = 1e-3;
const mm = (m: number): string => `${(m / M_PER_MM).toFixed(2).replace(/\.?0+$/, '')} mm`;
/** Field strengths closer than this [T] are the same scanner. */
const FIELD_TOLERANCE_T = 0.05;

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
      return binary(objective, {
        passed,
        measured: protocol.family,
        target: objective.families.join(' or '),
        value: null,
        hint: passed
          ? `${protocol.family} is one of the sequences this task asks for.`
          : `This task asks for ${objective.families.join(' or ')}; the series is ${protocol.family}. Add a new scan of that type.`,
      });
    }
    case 'weighting': {
      const analysis = analyseWeighting(protocol, scanner, ctx.tissuesInImages());
      return binary(objective, {
        passed: analysis.weighting === objective.weighting,
        measured: analysis.weighting,
        target: objective.weighting,
        value: null,
        hint: weightingHint(protocol, analysis, objective.weighting),
      });
    }
    case 'orientation': {
      const got = protocol.geometry.orientation;
      return binary(objective, {
        passed: got === objective.orientation,
        measured: got,
        target: objective.orientation,
        value: null,
        hint: `Slices are planned ${got}; the task asks for ${objective.orientation} slices.`,
      });
    }
    case 'phaseDirection': {
      const plane = ctx.geometry.slices[0];
      if (!plane) return undefined;
      const vector = protocol.phaseDirection === 'column' ? plane.columnDirection : plane.rowDirection;
      const got = patientDirection(vector);
      return binary(objective, {
        passed: got === objective.direction,
        measured: got,
        target: objective.direction,
        value: null,
        hint:
          `Phase encoding runs ${DIRECTION_WORDS[got]}; the task asks for ${DIRECTION_WORDS[objective.direction]}. ` +
          'Motion ghosts and wrap-around appear along the phase direction: choose the direction in which the anatomy is shortest or motion matters least.',
      });
    }
    case 'scanTimeMax': {
      const seconds = scanTime(protocol, scanner).seconds;
      return atMost(objective, seconds, objective.maxSeconds, {
        measured: `${seconds.toFixed(1)} s`,
        target: `≤ ${objective.maxSeconds} s`,
        hint: 'Scan time is TR × phase lines × NEX (÷ echo-train length): fewer lines, a longer echo train, fewer averages or a shorter TR shorten it.',
      });
    }
    case 'inPlaneResolutionMax': {
      const pixel = Math.max(
        protocol.fovRead / protocol.matrixRead,
        protocol.fovPhase / protocol.matrixPhase,
      );
      const got = pixel / M_PER_MM;
      return atMost(objective, got, objective.maxMm, {
        measured: mm(pixel),
        target: `≤ ${objective.maxMm} mm`,
        hint: 'Pixel size is FOV ÷ matrix: a larger matrix or a smaller FOV gives finer pixels (and less SNR per pixel).',
      });
    }
    case 'sliceThicknessMax': {
      const got = protocol.sliceThickness / M_PER_MM;
      return atMost(objective, got, objective.maxMm, {
        measured: mm(protocol.sliceThickness),
        target: `≤ ${objective.maxMm} mm`,
        hint: 'Thinner slices resolve small structures through the plane, at the cost of SNR in proportion to thickness.',
      });
    }
    case 'coverage': {
      const fraction = coveredFraction(ctx, objective.tissue);
      if (fraction === null)
        return binary(objective, {
          passed: false,
          measured: null,
          target: `${Math.round(objective.minFraction * 100)} % of ${objective.tissue}`,
          value: null,
          hint: `The model has no ${objective.tissue}.`,
        });
      return atLeast(objective, fraction, objective.minFraction, {
        measured: `${(fraction * 100).toFixed(0)} % of ${objective.tissue}`,
        target: `≥ ${Math.round(objective.minFraction * 100)} %`,
        hint: `The slices cover ${(fraction * 100).toFixed(0)} % of the ${objective.tissue}: more slices, a smaller gap or a shifted slab centre on the localiser cover more.`,
      });
    }
    case 'fatSuppression': {
      const suppressed = protocol.fatSaturation || protocol.family === 'STIR' || protocol.family === 'Dixon';
      return binary(objective, {
        passed: suppressed === objective.required,
        measured: suppressed ? 'fat suppressed' : 'no fat suppression',
        target: objective.required ? 'fat suppressed' : 'no fat suppression',
        value: null,
        hint: objective.required
          ? 'Fat saturation, STIR (TI ≈ 0.69·T1 of fat) or Dixon remove the fat signal, so oedema and fluid stand out.'
          : 'This task needs the fat signal: turn fat saturation off.',
      });
    }
    case 'fieldStrength': {
      const passed = Math.abs(scanner.b0 - objective.tesla) <= FIELD_TOLERANCE_T;
      return binary(objective, {
        passed,
        measured: `${scanner.b0} T`,
        target: `${objective.tesla} T`,
        value: scanner.b0,
        hint: 'Higher field gives more SNR and longer T1; chemical shift and susceptibility effects grow with it.',
      });
    }
    default:
      return undefined;
  }
}
