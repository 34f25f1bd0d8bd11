/**
 * The order in which a protocol reads its phase-encoding lines, for teaching views that fill k-space as the
 * scanner does (issue 13, the k-space view). It follows the fast engine's own model of when each line is read
 * (signal.ts `echoTimeOfLine`, motion.ts `lineAcquisitionTimes`), so the animation and the simulated contrast agree:
 * - echo trains of spin echoes (TSE; IR/STIR/FLAIR/SE with ETL > 1): each excitation (shot) reads one line of
 *   every echo segment, echo after echo; centric (centre-out) when TE is the first echo, otherwise linear
 *   segments with the centre segment on the echo at TE (Bernstein et al. 2004, Handbook of MRI Pulse
 *   Sequences §16.2);
 * - EPI (GRE-EPI, SE-EPI, DWI): shot j reads lines j, j + shots, j + 2·shots, … bottom to top, the readout
 *   direction alternating line by line (the zig-zag trajectory, Bernstein §16.1); one shot when ETL is 1 or
 *   covers every line;
 * - MOLLI: one single-shot readout of every acquired line, linear;
 * - every other family: one line per excitation, linear from the most negative ky up.
 * Partial Fourier keeps lines [0, acquired) of the centred k-space (recon/partialFourier.ts): the negative half,
 * the centre and `acquired − phaseCount/2` lines past it; the others are never read.
 */
import { partialFourierLines } from '../recon/partialFourier.ts';
import type { Protocol } from './protocol.ts';
import { echoTimeOfLine } from './signal.ts';
import { echoSpacingOf, isEpiReadout, readoutKind } from './timing.ts';

/** How the lines are ordered, in words a teaching view can name. */
export type PhaseOrdering = 'linear' | 'centric' | 'segmented' | 'epi';

/** One phase-encoding line as the acquisition reads it. */
export interface AcquiredLine {
  /** Row of the centred k-space [phase][read] (0-based; ky = (line − phaseCount/2)/FOV_phase [1/m]). */
  line: number;
  /** Excitation (shot) that reads it, 0-based. */
  shot: number;
  /** Echo of that shot's train that reads it, 0-based (0 with one echo per excitation). */
  echo: number;
  /** True when the readout runs from +kx to −kx (EPI's every other line). */
  reversed: boolean;
}

export interface PhaseEncodingOrder {
  ordering: PhaseOrdering;
  /** Lines in the order they are read: every acquired line once. */
  lines: AcquiredLine[];
  /** Lines read: phaseCount, or fewer with partial Fourier. */
  acquired: number;
  /** Excitations (shots) per image. */
  shots: number;
}

/** Lines acquired of a k-space with `phaseCount` rows (partial Fourier: recon/partialFourier.ts). */
function acquiredLines(protocol: Protocol, phaseCount: number): number {
  return protocol.partialFourier < 1 ? partialFourierLines(phaseCount, protocol.partialFourier) : phaseCount;
}

/** Distance in read order from the centre line: 0, +1, −1, +2, −2, … → 0, 1, 2, 3, 4 (signal.ts, centric). */
function centricRank(line: number, centre: number): number {
  const offset = line - centre;
  return offset > 0 ? 2 * offset - 1 : -2 * offset;
}

function epiOrder(protocol: Protocol, phaseCount: number, acquired: number): PhaseEncodingOrder {
  const etl = Math.min(Math.round(protocol.echoTrainLength), phaseCount);
  const shots = etl <= 1 || etl >= phaseCount ? 1 : Math.ceil(phaseCount / etl);
  const lines: AcquiredLine[] = [];
  for (let shot = 0; shot < shots; shot++) {
    for (let echo = 0; echo * shots + shot < acquired; echo++) {
      lines.push({ line: echo * shots + shot, shot, echo, reversed: echo % 2 === 1 });
    }
  }
  return { ordering: 'epi', lines, acquired, shots };
}

/**
 * Echo trains: group the lines by the echo that reads them (echo offset from the centre echo, from
 * `echoTimeOfLine`), then shot s reads the s-th line of every group: in centre-out order for centric trains,
 * bottom to top for linear segments.
 */
function trainOrder(
  protocol: Protocol,
  phaseCount: number,
  acquired: number,
  etl: number,
): PhaseEncodingOrder {
  const te = protocol.echoTime;
  const esp = echoSpacingOf(protocol);
  const centreEcho = Math.min(etl - 1, Math.max(0, Math.round(te / esp) - 1));
  const centre = Math.floor(phaseCount / 2);
  const centric = centreEcho === 0;
  const byEcho: number[][] = Array.from({ length: etl }, () => []);
  for (let line = 0; line < acquired; line++) {
    const echo = centreEcho + Math.round((echoTimeOfLine(protocol, line, phaseCount) - te) / esp);
    byEcho[echo]?.push(line);
  }
  if (centric)
    for (const group of byEcho) group.sort((a, b) => centricRank(a, centre) - centricRank(b, centre));
  const shots = byEcho.reduce((most, g) => Math.max(most, g.length), 0);
  const lines: AcquiredLine[] = [];
  for (let shot = 0; shot < shots; shot++) {
    byEcho.forEach((group, echo) => {
      const line = group[shot];
      if (line !== undefined) lines.push({ line, shot, echo, reversed: false });
    });
  }
  return { ordering: centric ? 'centric' : 'segmented', lines, acquired, shots };
}

/**
 * The phase-encoding order of `protocol` for a centred k-space of `phaseCount` rows (the acquisition frame's
 * phaseCount, phase oversampling included).
 */
export function phaseEncodingOrder(protocol: Protocol, phaseCount: number): PhaseEncodingOrder {
  if (!(Number.isInteger(phaseCount) && phaseCount > 0))
    throw new RangeError(`phaseCount ${phaseCount} is not a positive integer`);
  const acquired = acquiredLines(protocol, phaseCount);
  const kind = readoutKind(protocol.family);
  const etl = Math.min(Math.round(protocol.echoTrainLength), phaseCount);
  if (isEpiReadout(kind)) return epiOrder(protocol, phaseCount, acquired);
  if (kind === 'spinEcho' && etl > 1) return trainOrder(protocol, phaseCount, acquired, etl);
  const singleShot = protocol.family === 'MOLLI';
  const lines = Array.from({ length: acquired }, (_, line) => ({
    line,
    shot: singleShot ? 0 : line,
    echo: singleShot ? line : 0,
    reversed: false,
  }));
  return { ordering: 'linear', lines, acquired, shots: singleShot ? 1 : acquired };
}
