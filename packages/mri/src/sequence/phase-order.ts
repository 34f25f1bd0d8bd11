/**
 * The order in which a protocol reads its phase-encoding lines, for teaching views that fill k-space as the
 * scanner does (issue 13, the k-space view). It follows the fast engine's own model of when each line is read
 * (signal.ts `echoTimeOfLine`, motion.ts `lineAcquisitionTimes`), so the animation and the simulated contrast agree:
 * - echo trains of spin echoes (TSE; IR/STIR/FLAIR/SE with ETL > 1): each excitation (shot) reads one line of
 *   every echo, echo after echo, laid out by echo-train.ts: centric (centre-out) when TE is the first echo,
 *   linear segments when the echo at TE can hold the centre, otherwise centred on the effective TE (Bernstein
 *   et al. 2004, Handbook of MRI Pulse Sequences §16.2);
 * - EPI (GRE-EPI, SE-EPI, DWI): shot j reads lines j, j + shots, j + 2·shots, … bottom to top (top down from
 *   line acquired − 1 with partial Fourier, signal.ts `epiReadPosition`), the readout direction alternating
 *   line by line (the zig-zag trajectory, Bernstein §16.1); one shot when ETL is 1 or covers every line;
 * - MOLLI: one single-shot readout of every acquired line, linear;
 * - every other family: one line per excitation, linear from the most negative ky up.
 * Partial Fourier keeps lines [0, acquired) of the centred k-space (recon/partialFourier.ts): the negative half,
 * the centre and `acquired − phaseCount/2` lines past it; the others are never read.
 */
import { partialFourierLines } from '../recon/partialFourier.ts';
import type { Protocol } from './protocol.ts';
import type { EchoTrainLayout } from './echo-train.ts';
import { epiReadPosition, spinEchoTrainLayout } from './signal.ts';
import { isEpiReadout, readoutKind } from './timing.ts';

/** How the lines are ordered, in words a teaching view can name. */
export type PhaseOrdering = 'linear' | 'centric' | 'segmented' | 'centred' | 'epi';

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

function epiOrder(protocol: Protocol, phaseCount: number, acquired: number): PhaseEncodingOrder {
  const etl = Math.min(Math.round(protocol.echoTrainLength), phaseCount);
  const shots = etl <= 1 || etl >= phaseCount ? 1 : Math.ceil(phaseCount / etl);
  const lines: AcquiredLine[] = [];
  // position ↔ line is an involution (identity, or acquired − 1 − · with partial Fourier): signal.ts.
  const lineAt = epiReadPosition(protocol, phaseCount);
  for (let shot = 0; shot < shots; shot++) {
    for (let echo = 0; echo * shots + shot < acquired; echo++) {
      lines.push({ line: lineAt(echo * shots + shot), shot, echo, reversed: echo % 2 === 1 });
    }
  }
  return { ordering: 'epi', lines, acquired, shots };
}

/**
 * Echo trains: the layout of sequence/signal.ts `spinEchoTrainLayout` (echo-train.ts: centric, linear segments,
 * or centred on the effective TE); shot s reads the line of each echo whose shot is s, echo after echo.
 */
function trainOrder(layout: EchoTrainLayout, acquired: number): PhaseEncodingOrder {
  const lines: AcquiredLine[] = [];
  layout.echoOfLine.forEach((echo, line) => {
    const shot = layout.shotOfLine[line] ?? -1;
    if (echo >= 0 && shot >= 0) lines.push({ line, shot, echo, reversed: false });
  });
  lines.sort((a, b) => a.shot - b.shot || a.echo - b.echo);
  const ordering = ({ centric: 'centric', linear: 'segmented', centred: 'centred' } as const)[
    layout.ordering
  ];
  return { ordering, lines, acquired, shots: layout.shots };
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
  if (isEpiReadout(kind)) return epiOrder(protocol, phaseCount, acquired);
  const train = spinEchoTrainLayout(protocol, phaseCount);
  if (train) return trainOrder(train, acquired);
  const singleShot = protocol.family === 'MOLLI';
  const lines = Array.from({ length: acquired }, (_, line) => ({
    line,
    shot: singleShot ? 0 : line,
    echo: singleShot ? line : 0,
    reversed: false,
  }));
  return { ordering: 'linear', lines, acquired, shots: singleShot ? 1 : acquired };
}
