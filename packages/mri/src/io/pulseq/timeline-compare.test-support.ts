/**
 * Test support (tests only): compares two timelines the way a round trip through a .seq file must preserve them.
 * Tolerances: times within 1 ps (the writer rounds to ps); amplitudes within 1e-6 of the event's peak (shapes are
 * quantised to 1e-7 of the peak when compressed).
 */
import { expect } from 'vitest';
import type { GradientEvent, SequenceBlock, SequenceTimeline } from '../../sequence/timeline.ts';

const TIME_TOLERANCE_S = 1e-12;
const RELATIVE_AMPLITUDE_TOLERANCE = 1e-6;

function maxAbs(values: ArrayLike<number>): number {
  let peak = 0;
  for (let i = 0; i < values.length; i++) peak = Math.max(peak, Math.abs(values[i] ?? 0));
  return peak;
}

function expectCloseArrays(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  tolerance: number,
  label: string,
): void {
  expect(a.length, `${label} length`).toBe(b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  expect(worst, label).toBeLessThanOrEqual(tolerance);
}

/** Same keys; numbers within 1e-12 relative (1 ps on times, which the writer rounds to ps); others equal. */
function expectCloseFields(actual: object, expected: object, label: string): void {
  expect(Object.keys(actual).sort(), `${label} fields`).toEqual(Object.keys(expected).sort());
  for (const [key, value] of Object.entries(expected)) {
    const other: unknown = (actual as Record<string, unknown>)[key];
    if (typeof value === 'number' && typeof other === 'number') {
      expect(Math.abs(other - value), `${label} ${key}`).toBeLessThanOrEqual(
        1e-12 * Math.max(1, Math.abs(value)),
      );
    } else {
      expect(other, `${label} ${key}`).toEqual(value);
    }
  }
}

function expectSameGradient(a: GradientEvent | undefined, b: GradientEvent | undefined, label: string): void {
  expect(a === undefined, `${label} present`).toBe(b === undefined);
  if (!a || !b) return;
  expectCloseArrays(a.times, b.times, TIME_TOLERANCE_S, `${label} times`);
  expectCloseArrays(a.amplitudes, b.amplitudes, RELATIVE_AMPLITUDE_TOLERANCE * maxAbs(a.amplitudes), label);
}

function expectSameBlock(a: SequenceBlock, b: SequenceBlock, label: string): void {
  expect(Math.abs(a.duration - b.duration), `${label} duration`).toBeLessThanOrEqual(TIME_TOLERANCE_S);
  for (const axis of ['gx', 'gy', 'gz'] as const) expectSameGradient(a[axis], b[axis], `${label} ${axis}`);
  expect(a.rf === undefined, `${label} rf present`).toBe(b.rf === undefined);
  if (a.rf && b.rf) {
    const tolerance = RELATIVE_AMPLITUDE_TOLERANCE * maxAbs(a.rf.amplitude);
    // Compare the complex samples, so a phase written modulo 2π still matches.
    const re = (rf: typeof a.rf) => rf.amplitude.map((m, i) => m * Math.cos(rf.phase[i] ?? 0));
    const im = (rf: typeof a.rf) => rf.amplitude.map((m, i) => m * Math.sin(rf.phase[i] ?? 0));
    expectCloseArrays(re(a.rf), re(b.rf), tolerance, `${label} rf real part`);
    expectCloseArrays(im(a.rf), im(b.rf), tolerance, `${label} rf imaginary part`);
    expectCloseArrays(a.rf.times, b.rf.times, TIME_TOLERANCE_S, `${label} rf times`);
    const { amplitude: _a, phase: _p, times: _t, ...restA } = a.rf;
    const { amplitude: _b, phase: _q, times: _u, ...restB } = b.rf;
    expectCloseFields(restB, restA, `${label} rf`);
  }
  expect(b.adc === undefined, `${label} adc present`).toBe(a.adc === undefined);
  if (a.adc && b.adc) {
    const { phaseModulation: pa, ...restA } = a.adc;
    const { phaseModulation: pb, ...restB } = b.adc;
    expectCloseFields(restB, restA, `${label} adc`);
    expectCloseArrays(pb ?? [], pa ?? [], 1e-6, `${label} adc phase modulation`);
  }
  expect(b.extensions, `${label} extensions`).toEqual(a.extensions);
}

export function expectSameTimeline(a: SequenceTimeline, b: SequenceTimeline): void {
  expect(b.raster).toEqual(a.raster);
  expect(b.blocks.length).toBe(a.blocks.length);
  a.blocks.forEach((block, i) => expectSameBlock(block, b.blocks[i] as SequenceBlock, `block ${i + 1}`));
}
