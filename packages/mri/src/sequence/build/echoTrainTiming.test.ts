import { describe, expect, it } from 'vitest';
import { GRADIENT_LIMITED_SCANNER as scanner } from '../../scanner.testing.ts';
import { defaultProtocol } from '../defaults.ts';
import type { Protocol, SequenceFamily } from '../protocol.ts';
import { lineEchoTimes, spinEchoTrainLayout } from '../signal.ts';
import { spinEchoTrainSpacing } from '../timing.ts';
import { buildTimeline } from './index.ts';
import { BUILD_RASTER } from './raster.ts';

/** Times [s] of the excitation and refocusing centres of the timeline's first acquired shot. */
function rfCentres(protocol: Protocol): { excitations: number[]; refocusings: number[] } {
  const timeline = buildTimeline(protocol, scanner, { slice: 0, dummyScans: 0 });
  const excitations: number[] = [];
  const refocusings: number[] = [];
  let t = 0;
  for (const block of timeline.blocks) {
    const rf = block.rf;
    if (rf?.use === 'excitation') excitations.push(t + rf.delay + rf.center);
    if (rf?.use === 'refocusing') refocusings.push(t + rf.delay + rf.center);
    t += block.duration;
  }
  return { excitations, refocusings };
}

/**
 * One echo-train timing for both engines (issue 23.5): the Bloch builder's train plays the echo spacing the fast
 * engine weights its lines with (timing.ts echoSpacingOf), so the echo that reads the k-space centre falls on
 * TE and echo k on (k + 1)·ESP = TE + (k − c)·ESP, the fast engine's line echo time. Before, the builder played
 * its shortest spacing (default FLAIR at 128²: 8.48 ms against 8.95 ms, centre echo 13 at 118.7 ms against the
 * fast engine's echo 12 at 120 ms), and the Bloch FLAIR read white matter +5.7 % brighter.
 */
describe('spin-echo trains: the Bloch timeline echoes where the fast engine weights its lines', () => {
  it('TE on an echo: (c + 1) = ⌊TE / ESPmin⌋ echoes of TE/(c + 1); TEs the train cannot reach keep ESPmin', () => {
    expect(spinEchoTrainSpacing(0.12, 0.00895, 15)).toBeCloseTo(0.12 / 13, 12);
    expect(spinEchoTrainSpacing(0.1, 0.01, 15)).toBeCloseTo(0.01, 12);
    expect(spinEchoTrainSpacing(0.2, 0.01, 15)).toBe(0.01);
    expect(spinEchoTrainSpacing(0.005, 0.01, 15)).toBe(0.01);
  });

  const families: SequenceFamily[] = ['TSE', 'FLAIR', 'STIR'];
  for (const family of families)
    for (const matrix of [128, 256])
      it(`${family} default at ${matrix}²: every echo at the fast engine's line echo time (within the raster)`, () => {
        const protocol: Protocol = {
          ...defaultProtocol(family, scanner),
          matrixRead: matrix,
          matrixPhase: matrix,
          sliceCount: 1,
        };
        const layout = spinEchoTrainLayout(protocol, matrix);
        if (!layout) throw new Error('no train');
        const times = lineEchoTimes(protocol, matrix);
        const { excitations, refocusings } = rfCentres(protocol);
        const t90 = excitations[0] ?? NaN;
        const etl = Math.round(protocol.echoTrainLength);
        // CPMG: echo k of a shot comes (k + 1)·ESP after its excitation, ESP = 2·(t180₀ − t90).
        const halfSpacing = (refocusings[0] ?? NaN) - t90;
        const tolerance = etl * BUILD_RASTER.block;
        for (let line = 0; line < matrix; line++) {
          const echo = layout.echoOfLine[line] ?? -1;
          if (echo < 0) continue;
          expect(Math.abs(2 * halfSpacing * (echo + 1) - (times[line] ?? NaN))).toBeLessThan(tolerance);
        }
        expect(Math.abs(2 * halfSpacing * (layout.centreEcho + 1) - protocol.echoTime)).toBeLessThan(
          tolerance,
        );
      });
});
