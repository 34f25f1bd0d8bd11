import { describe, expect, it } from 'vitest';
import { defaultProtocol } from './defaults.ts';
import { echoTrainLayout } from './echo-train.ts';
import { REFERENCE_SCANNER } from './hardware.ts';
import type { Protocol } from './protocol.ts';
import { lineEchoTimes, spinEchoTrainLayout } from './signal.ts';
import { echoSpacingOf } from './timing.ts';

/** Echoes from the centre line outwards on one side (+1: towards +ky, −1: towards −ky). */
function sideEchoes(echoOfLine: Int32Array, centre: number, direction: 1 | -1): number[] {
  const out: number[] = [];
  for (let line = centre; line >= 0 && line < echoOfLine.length; line += direction) {
    const echo = echoOfLine[line] as number;
    if (echo >= 0) out.push(echo);
  }
  return out;
}

/** Times the sequence turns from rising to falling or back. */
function turns(values: number[]): number {
  let count = 0;
  let last = 0;
  for (let i = 1; i < values.length; i++) {
    const step = Math.sign((values[i] as number) - (values[i - 1] as number));
    if (step !== 0 && last !== 0 && step !== last) count++;
    if (step !== 0) last = step;
  }
  return count;
}

const lines = 256;
const centre = lines / 2;

describe('echo-train layout (issue 23.6: the effective TE at the centre, no wrap)', () => {
  it.each([1, 0.75])(
    'for every effective echo of a 15-echo train (partial Fourier %s): each acquired line read once, no echo more than the shots, the effective echo at the centre, TE monotonic from the centre out on each side with at most one turn',
    (partialFourier) => {
      const acquired = partialFourier < 1 ? 193 : lines;
      for (let c = 0; c < 15; c++) {
        const layout = echoTrainLayout(15, c, lines, acquired);
        expect(layout.echoOfLine[centre]).toBe(c);
        const counts = new Array<number>(15).fill(0);
        layout.echoOfLine.forEach((echo, line) => {
          if (line < acquired) expect(echo).toBeGreaterThanOrEqual(0);
          else expect(echo).toBe(-1);
          if (echo >= 0) counts[echo] = (counts[echo] as number) + 1;
        });
        expect(Math.max(...counts)).toBeLessThanOrEqual(layout.shots);
        for (const direction of [1, -1] as const) {
          const side = sideEchoes(layout.echoOfLine, centre, direction);
          if (layout.ordering === 'centric') expect(side).toEqual([...side].sort((a, b) => a - b));
          else if (layout.ordering === 'linear') expect(turns(side)).toBe(0);
          else {
            expect(turns(side)).toBeLessThanOrEqual(1);
            // The one step back is no larger than the shorter side of the train plus one echo.
            const shorter = Math.min(c, 14 - c);
            for (let i = 1; i < side.length; i++)
              expect(Math.abs((side[i] as number) - (side[i - 1] as number))).toBeLessThanOrEqual(
                shorter + 1,
              );
          }
        }
        if (layout.ordering === 'linear') {
          const all = sideEchoes(layout.echoOfLine, 0, 1);
          expect(all).toEqual([...all].sort((a, b) => a - b));
        }
      }
    },
  );

  it('TE on the first echo is centric and on the middle echo linear', () => {
    expect(echoTrainLayout(15, 0, lines, lines).ordering).toBe('centric');
    expect(echoTrainLayout(15, 7, lines, lines).ordering).toBe('linear');
  });

  it.each(['TSE', 'FLAIR', 'STIR'] as const)(
    'the default %s reads its centre line at TE and never jumps TE by more than the train allows (no wrap from the last echo to the first)',
    (family) => {
      const p: Protocol = defaultProtocol(family, REFERENCE_SCANNER);
      const times = lineEchoTimes(p, lines);
      const esp = echoSpacingOf(p);
      const layout = spinEchoTrainLayout(p, lines);
      if (!layout) throw new Error('no train');
      expect(times[centre]).toBeCloseTo(p.echoTime, 12);
      const c = layout.centreEcho;
      const shorter = Math.min(c, p.echoTrainLength - 1 - c);
      for (let line = 1; line < lines; line++) {
        const step = Math.abs((times[line] as number) - (times[line - 1] as number));
        expect(step).toBeLessThanOrEqual((shorter + 1) * esp + 1e-9);
      }
    },
  );
});
