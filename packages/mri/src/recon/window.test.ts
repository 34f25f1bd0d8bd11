import { describe, expect, it } from 'vitest';
import { seededRandom } from '../simulate/noise.ts';
import { seriesWindow, windowToGrey8 } from './window.ts';

/** A slice of n pixels: a fraction `tissue` uniform in [lo, hi], the rest air noise uniform in [0, air]. */
function slice(n: number, tissue: number, lo: number, hi: number, air: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  return Float32Array.from({ length: n }, (_, i) =>
    i < tissue * n ? lo + (hi - lo) * random() : air * random(),
  );
}

describe('seriesWindow: default window from robust percentiles of the tissue', () => {
  const series = [slice(20_000, 0.4, 300, 900, 20, 1), slice(20_000, 0.3, 300, 900, 20, 2)];
  const window = seriesWindow(series);

  // 14,000 tissue samples: the sampling error of these percentiles is about 1, so within 5 (4 SD).
  it('spans the tissue from its 1st to its 95th percentile (uniform 300–900: 306 to 870, within 5)', () => {
    expect(Math.abs(window.low - 306)).toBeLessThan(5);
    expect(Math.abs(window.high - 870)).toBeLessThan(5);
    expect(window.center).toBeCloseTo((window.low + window.high) / 2, 9);
    expect(window.width).toBeCloseTo(window.high - window.low, 9);
  });

  it('ignores air, however much of the image it fills', () => {
    const mostlyAir = seriesWindow([slice(40_000, 0.1, 300, 900, 20, 3)]);
    expect(mostlyAir.low).toBeGreaterThan(295);
    expect(Math.abs(mostlyAir.high - 870)).toBeLessThan(10);
  });

  it('is robust to a few hot pixels (0.1 % at 50× the tissue move the window by < 2 %)', () => {
    const hot = series.map((s) => s.map((v, i) => (i % 1000 === 999 ? 45_000 : v)));
    const robust = seriesWindow(hot);
    expect(Math.abs(robust.high / window.high - 1)).toBeLessThan(0.02);
    expect(Math.abs(robust.low / window.low - 1)).toBeLessThan(0.02);
  });

  it('scales with the image and is one window for the whole series', () => {
    const scaled = seriesWindow(series.map((s) => s.map((v) => 0.001 * v)));
    expect(scaled.low).toBeCloseTo(0.001 * window.low, 4);
    expect(scaled.high).toBeCloseTo(0.001 * window.high, 4);
    const dim = slice(20_000, 0.4, 100, 300, 20, 4);
    expect(seriesWindow([series[0] ?? dim, dim]).low).toBeLessThan(seriesWindow([series[0] ?? dim]).low);
  });

  it('gives a usable window for blank, uniform and NaN-holding images', () => {
    expect(seriesWindow([new Float32Array(16)])).toEqual({ center: 0.5, width: 1, low: 0, high: 1 });
    expect(seriesWindow([new Float32Array(16).fill(7)])).toEqual({ center: 3.5, width: 7, low: 0, high: 7 });
    const withNaN = series.map((s) => s.map((v, i) => (i % 97 === 0 ? NaN : v)));
    expect(seriesWindow(withNaN).high).toBeCloseTo(window.high, -1);
  });

  it('maps a window to 8-bit grey: low and below black, high and above white, linear between', () => {
    const grey = windowToGrey8([-1, 100, 150, 210, 250, 300, NaN], {
      low: 100,
      high: 300,
      center: 200,
      width: 200,
    });
    expect(Array.from(grey)).toEqual([0, 0, 64, 140, 191, 255, 0]);
  });
});
