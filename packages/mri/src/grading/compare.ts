/**
 * A series' protocol against a reference protocol (issue 14, the scan-result comparison): every parameter that
 * differs, in console units, with what the difference does to the images. The consequences are the textbook
 * scalings (reference/analytic_formulas.md): SNR ∝ voxel volume · √(Nphase·NEX/BW) · B0; scan time
 * ∝ TR · Nphase · NEX / ETL; fat–water shift = |Δσ|·γ·B0 / BW pixels; and the weighting the physics gives
 * (weighting.ts `classifyWeighting`, the one classification every check uses) when TR, TE, TI, flip angle or the
 * family change it.
 */
import { FAT_WATER_SHIFT_PPM, GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import { modelSnrPercent } from '../anatomy/modelSnr.ts';
import { acquisitionSnrPercent } from '../sequence/derived.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import type { Weighting } from './objectives.ts';
import { classifyWeighting } from './weighting.ts';

/** One differing parameter, values in console units. */
export interface ProtocolDifference {
  parameter: string;
  label: string;
  value: string;
  reference: string;
  consequence: string;
}

export interface ComparedScan {
  protocol: Protocol;
  scanner: Scanner;
  /** The anatomical model scanned (a scan snapshot has it): its reference tissue and coil set the SNR. */
  model?: { id: number };
}

/** How each weighting shows in the image, in the words of a hint. */
const LOOKS: Record<Weighting, string> = {
  T1: 'CSF dark, fat and white matter bright',
  T2: 'CSF and fluid bright',
  PD: 'CSF grey, contrast from water content alone',
  'T2*': 'blood products and iron dark',
  diffusion: 'free water dark, restricted diffusion bright',
};

/** Relative differences below this are rounding, not a different protocol. */
const SAME = 1e-6;

const ms = (s: number): string => `${+(s * 1000).toFixed(1)} ms`;
const mm = (m: number): string => `${+(m * 1000).toFixed(2)} mm`;
const deg = (rad: number): string => `${+((rad * 180) / Math.PI).toFixed(1)}°`;
const times = (ratio: number): string => `×${ratio.toFixed(2)}`;

function differs(a: number | undefined, b: number | undefined): boolean {
  if (a === undefined || b === undefined) return a !== b;
  return Math.abs(a - b) > SAME * Math.max(Math.abs(a), Math.abs(b), 1e-12);
}

/** The weighting of a scan: the one classification of weighting.ts (`classifyWeighting`). */
export function weightingOf(scan: ComparedScan): Weighting {
  return classifyWeighting(scan.protocol, scan.scanner).weighting;
}

/** Fat–water chemical shift along the readout [pixels]: |Δσ|·γ·B0 / (bandwidth per pixel). */
export function fatShiftPixels(scan: ComparedScan): number {
  return (
    (Math.abs(FAT_WATER_SHIFT_PPM) * 1e-6 * GYROMAGNETIC_RATIO_HZ_PER_T * scan.scanner.b0) /
    scan.protocol.bandwidthPerPixel
  );
}

/** Scan time up to a common factor: TR · Nphase · NEX · (partial Fourier) / ETL [s]. */
function relativeTime(p: Protocol): number {
  return (
    (p.repetitionTime * p.matrixPhase * (1 + p.phaseOversampling) * p.nex * p.partialFourier) /
    Math.max(1, p.echoTrainLength)
  );
}

/**
 * Relative SNR of a scan [%], the parameter panel's own figure: with the model known, that of the model's
 * reference tissue for the scan's contrast (TR, TE, TI, flip, echo train) received by the model's coil
 * (anatomy/modelSnr.ts `modelSnrPercent`, as the panel's web simulator/state/conflicts.ts `derivedValues`);
 * without it, the acquisition alone (voxel volume · √(acquired lines · NEX / BW) · B0, `acquisitionSnrPercent`).
 */
function relativeSnr(scan: ComparedScan): number {
  const { protocol, scanner, model } = scan;
  return model ? modelSnrPercent(protocol, scanner, model.id) : acquisitionSnrPercent(protocol, scanner);
}

function snrAndTime(scan: ComparedScan, reference: ComparedScan): string {
  const snr = relativeSnr(scan) / relativeSnr(reference);
  const time = relativeTime(scan.protocol) / relativeTime(reference.protocol);
  const parts = [];
  if (differs(snr, 1)) parts.push(`SNR ${times(snr)}`);
  if (differs(time, 1)) parts.push(`scan time ${times(time)}`);
  return parts.join(', ');
}

function contrastConsequence(weighting: Weighting, referenceWeighting: Weighting, fallback: string): string {
  if (weighting === referenceWeighting) return `${fallback}; still ${weighting} weighting`;
  return `${weighting} rather than ${referenceWeighting} weighting; ${LOOKS[weighting]}`;
}

/** Every parameter of `scan` that differs from `reference`, with its consequence, in console order. */
export function compareProtocols(scan: ComparedScan, reference: ComparedScan): ProtocolDifference[] {
  const p = scan.protocol;
  const r = reference.protocol;
  const out: ProtocolDifference[] = [];
  const add = (parameter: string, label: string, value: string, ref: string, consequence: string) =>
    out.push({ parameter, label, value, reference: ref, consequence });
  const weighting = weightingOf(scan);
  const referenceWeighting = weightingOf(reference);
  const budget = snrAndTime(scan, reference);
  const withBudget = (text: string) => (budget ? `${text}; ${budget}` : text);

  if (p.family !== r.family)
    add(
      'family',
      'Sequence',
      p.family,
      r.family,
      contrastConsequence(weighting, referenceWeighting, 'another contrast mechanism and artefacts'),
    );
  if (differs(p.repetitionTime, r.repetitionTime))
    add(
      'repetitionTime',
      'TR',
      ms(p.repetitionTime),
      ms(r.repetitionTime),
      withBudget(
        contrastConsequence(
          weighting,
          referenceWeighting,
          p.repetitionTime < r.repetitionTime
            ? 'less T1 recovery, so more T1 contrast and less signal'
            : 'more T1 recovery, so less T1 contrast and more signal',
        ),
      ),
    );
  if (differs(p.echoTime, r.echoTime))
    add(
      'echoTime',
      'TE',
      ms(p.echoTime),
      ms(r.echoTime),
      withBudget(
        contrastConsequence(
          weighting,
          referenceWeighting,
          p.echoTime > r.echoTime
            ? 'more T2 decay, so more T2 contrast and less signal'
            : 'less T2 decay, so less T2 contrast and more signal',
        ),
      ),
    );
  if (differs(p.inversionTime, r.inversionTime))
    add(
      'inversionTime',
      'TI',
      p.inversionTime === undefined ? 'none' : ms(p.inversionTime),
      r.inversionTime === undefined ? 'none' : ms(r.inversionTime),
      withBudget(contrastConsequence(weighting, referenceWeighting, 'another tissue is nulled')),
    );
  if (differs(p.flipAngle, r.flipAngle))
    add(
      'flipAngle',
      'Flip angle',
      deg(p.flipAngle),
      deg(r.flipAngle),
      withBudget(
        contrastConsequence(
          weighting,
          referenceWeighting,
          p.flipAngle > r.flipAngle ? 'more T1 saturation' : 'less T1 saturation',
        ),
      ),
    );
  if (differs(p.echoTrainLength, r.echoTrainLength))
    add(
      'echoTrainLength',
      'ETL',
      String(p.echoTrainLength),
      String(r.echoTrainLength),
      p.echoTrainLength > r.echoTrainLength
        ? withBudget(`shorter scan, more blurring along phase and brighter fat`)
        : withBudget(`longer scan, sharper images`),
    );
  if (differs(p.bandwidthPerPixel, r.bandwidthPerPixel))
    add(
      'bandwidthPerPixel',
      'Bandwidth',
      `${Math.round(p.bandwidthPerPixel)} Hz/px`,
      `${Math.round(r.bandwidthPerPixel)} Hz/px`,
      withBudget(
        `fat shifted ${fatShiftPixels(scan).toFixed(1)} px rather than ${fatShiftPixels(reference).toFixed(1)} px`,
      ),
    );
  const pixel = (q: Protocol) => `${mm(q.fovRead / q.matrixRead)} × ${mm(q.fovPhase / q.matrixPhase)}`;
  if (differs(p.fovRead, r.fovRead) || differs(p.fovPhase, r.fovPhase))
    add(
      'fov',
      'FOV',
      `${mm(p.fovRead)} × ${mm(p.fovPhase)}`,
      `${mm(r.fovRead)} × ${mm(r.fovPhase)}`,
      (p.fovPhase < r.fovPhase ? 'smaller phase FOV: wrap-around where anatomy lies outside it; ' : '') +
        withBudget(`pixels ${pixel(p)} rather than ${pixel(r)}`),
    );
  if (differs(p.matrixRead, r.matrixRead) || differs(p.matrixPhase, r.matrixPhase))
    add(
      'matrix',
      'Matrix',
      `${p.matrixRead} × ${p.matrixPhase}`,
      `${r.matrixRead} × ${r.matrixPhase}`,
      withBudget(
        `pixels ${pixel(p)} rather than ${pixel(r)}: ${p.matrixRead * p.matrixPhase > r.matrixRead * r.matrixPhase ? 'finer detail, less partial volume' : 'coarser detail, more partial volume'}`,
      ),
    );
  if (differs(p.sliceThickness, r.sliceThickness))
    add(
      'sliceThickness',
      'Slice thickness',
      mm(p.sliceThickness),
      mm(r.sliceThickness),
      withBudget(`${p.sliceThickness > r.sliceThickness ? 'more partial volume' : 'less partial volume'}`),
    );
  if (differs(p.sliceCount, r.sliceCount) || differs(p.sliceGap, r.sliceGap)) {
    const coverage = (q: Protocol) => q.sliceCount * q.sliceThickness + (q.sliceCount - 1) * q.sliceGap;
    add(
      'slices',
      'Slices',
      `${p.sliceCount} (gap ${mm(p.sliceGap)})`,
      `${r.sliceCount} (gap ${mm(r.sliceGap)})`,
      `covers ${mm(coverage(p))} rather than ${mm(coverage(r))}`,
    );
  }
  if (p.phaseDirection !== r.phaseDirection)
    add(
      'phaseDirection',
      'Phase direction',
      p.phaseDirection,
      r.phaseDirection,
      'wrap-around and motion ghosts run along the other image axis',
    );
  if (differs(p.nex, r.nex))
    add('nex', 'NEX', String(p.nex), String(r.nex), withBudget(`averaging ${times(p.nex / r.nex)}`));
  if (differs(p.phaseOversampling, r.phaseOversampling))
    add(
      'phaseOversampling',
      'Phase oversampling',
      `${Math.round(p.phaseOversampling * 100)} %`,
      `${Math.round(r.phaseOversampling * 100)} %`,
      withBudget(
        `${p.phaseOversampling < r.phaseOversampling ? 'less protection against wrap-around' : 'more protection against wrap-around'}`,
      ),
    );
  if (p.fatSaturation !== r.fatSaturation)
    add(
      'fatSaturation',
      'Fat saturation',
      p.fatSaturation ? 'on' : 'off',
      r.fatSaturation ? 'on' : 'off',
      p.fatSaturation
        ? 'fat dark, no chemical-shift edge'
        : 'fat bright, chemical-shift edge at fat–water borders',
    );
  if (differs(p.partialFourier, r.partialFourier))
    add(
      'partialFourier',
      'Partial Fourier',
      p.partialFourier.toFixed(2),
      r.partialFourier.toFixed(2),
      budget || 'no change in SNR or scan time',
    );
  const bValues = (q: Protocol) => (q.bValues ?? []).map((b) => Math.round(b / 1e6)).join(', ') || 'none';
  if (bValues(p) !== bValues(r))
    add(
      'bValues',
      'b-values',
      `${bValues(p)} s/mm²`,
      `${bValues(r)} s/mm²`,
      contrastConsequence(weighting, referenceWeighting, 'another diffusion weighting'),
    );
  if (differs(scan.scanner.b0, reference.scanner.b0))
    add(
      'b0',
      'Field strength',
      `${scan.scanner.b0} T`,
      `${reference.scanner.b0} T`,
      withBudget(
        `longer T1 at higher field; fat shifted ${fatShiftPixels(scan).toFixed(1)} px rather than ${fatShiftPixels(reference).toFixed(1)} px`,
      ),
    );
  return out;
}
