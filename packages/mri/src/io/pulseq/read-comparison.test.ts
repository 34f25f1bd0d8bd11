/**
 * The reader against the MATLAB Pulseq toolbox, block by block: read-comparison/*.json hold the waveforms MATLAB
 * Pulseq's reader produced from the .seq files beside them (absolute times, SI units, gradients in T/m, RF in T).
 * Tolerances: times within 1 ns (1/10 000 of the gradient raster); amplitudes within 1e-6 of the channel's peak.
 */
import { describe, expect, it } from 'vitest';
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../../constants.ts';
import type { GradientEvent, SequenceBlock } from '../../sequence/timeline.ts';
import { readSeq } from './read.ts';
import { WAVEFORM_DUMPS, seqFixture, type DumpChannel } from './fixtures.test-support.ts';

const TIME_TOLERANCE_S = 1e-9;
const RELATIVE_AMPLITUDE_TOLERANCE = 1e-6;

interface Point {
  t: number;
  re: number;
  im: number;
}

/** Drops a point that repeats the previous one (MATLAB lists both ends of zero-length segments). */
function dedupe(points: Point[]): Point[] {
  return points.filter((p, i) => {
    const q = points[i - 1];
    return (
      !q || Math.abs(p.t - q.t) > TIME_TOLERANCE_S || Math.abs(p.re - q.re) + Math.abs(p.im - q.im) > 1e-15
    );
  });
}

function dumpPoints(c: DumpChannel): Point[] {
  return c.t.map((t, i) => ({ t, re: c.A?.[i] ?? c.A_re?.[i] ?? 0, im: c.A_im?.[i] ?? 0 }));
}

function expectSamePoints(ours: Point[], theirs: Point[], label: string): void {
  const peak = Math.max(1e-30, ...theirs.map((p) => Math.hypot(p.re, p.im)));
  expect(ours.length, `${label}: number of points`).toBe(theirs.length);
  let worstTime = 0;
  let worstAmplitude = 0;
  theirs.forEach((p, i) => {
    const q = ours[i] as Point;
    worstTime = Math.max(worstTime, Math.abs(q.t - p.t));
    worstAmplitude = Math.max(worstAmplitude, Math.hypot(q.re - p.re, q.im - p.im) / peak);
  });
  expect(worstTime, `${label}: worst time error [s]`).toBeLessThanOrEqual(TIME_TOLERANCE_S);
  expect(worstAmplitude, `${label}: worst amplitude error / peak`).toBeLessThanOrEqual(
    RELATIVE_AMPLITUDE_TOLERANCE,
  );
}

function gradientPoints(g: GradientEvent | undefined, start: number): Point[] {
  if (!g) return [];
  return [...g.times].map((t, i) => ({
    t: start + t,
    re: (g.amplitudes[i] ?? 0) / GYROMAGNETIC_RATIO_HZ_PER_T,
    im: 0,
  }));
}

function compareBlock(
  block: SequenceBlock,
  start: number,
  dump: Record<string, DumpChannel | undefined>,
  label: string,
) {
  for (const axis of ['gx', 'gy', 'gz'] as const) {
    expectSamePoints(
      dedupe(gradientPoints(block[axis], start)),
      dedupe(dumpPoints(dump[axis] ?? { t: [] })),
      `${label} ${axis}`,
    );
  }
  const rfDump = dumpPoints(dump.rf ?? { t: [] });
  if (!block.rf) {
    expect(rfDump, `${label} rf`).toEqual([]);
  } else {
    const rf = block.rf;
    // MATLAB frames the pulse with a zero at its first and last sample times; the samples lie in between.
    expect(rfDump[0]?.re, `${label} rf leading zero`).toBe(0);
    expect(rfDump.at(-1)?.re, `${label} rf trailing zero`).toBe(0);
    const ours = [...rf.times].map((t, i) => {
      const a = (rf.amplitude[i] ?? 0) / GYROMAGNETIC_RATIO_HZ_PER_T;
      const phase = rf.phase[i] ?? 0;
      return { t: start + rf.delay + t, re: a * Math.cos(phase), im: a * Math.sin(phase) };
    });
    expectSamePoints(ours, rfDump.slice(1, -1), `${label} rf`);
    const df = dumpPoints(dump.df ?? { t: [] });
    expect(df[1]?.re, `${label} rf frequency offset`).toBeCloseTo(rf.freqOffset, 9);
  }
  const adcDump = dump.adc ?? { t: [] };
  expect(adcDump.t.length, `${label} adc samples`).toBe(block.adc?.numSamples ?? 0);
  if (block.adc) {
    const { delay, dwell, phaseOffset } = block.adc;
    const ours = adcDump.t.map((_, n) => ({
      t: start + delay + (n + 0.5) * dwell,
      re: Math.cos(phaseOffset),
      im: Math.sin(phaseOffset),
    }));
    expectSamePoints(ours, dumpPoints(adcDump), `${label} adc`);
  }
}

describe('readSeq against the MATLAB Pulseq waveform dumps', () => {
  for (const [name, dump] of WAVEFORM_DUMPS) {
    it(`reproduces every RF, gradient and ADC waveform of ${name}`, () => {
      const seq = readSeq(seqFixture(name));
      let start = 0;
      const compared: SequenceBlock[] = [];
      for (const block of seq.blocks) {
        const hasEvents = block.rf || block.gx || block.gy || block.gz || block.adc;
        if (hasEvents) {
          const entry = dump.blocks[compared.length];
          expect(entry, `dump entry for block with events #${compared.length}`).toBeDefined();
          compareBlock(block, start, entry ?? {}, `${name} block ${seq.blocks.indexOf(block) + 1}`);
          compared.push(block);
        }
        start += block.duration;
      }
      expect(compared.length).toBe(dump.blocks.length);
    });
  }
});
