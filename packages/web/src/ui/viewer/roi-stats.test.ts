import { describe, expect, it } from 'vitest';
import { seededRandom, unitComplexNoise } from '@larmor/mri/simulate';
import {
  contrastToNoise,
  noiseSigmaFromBackground,
  regionStats,
  signalToNoise,
  type RawImage,
  type RoiRegion,
} from './roi-stats.ts';

/** Plain reference: every pixel of the image tested against the region's closed-form inside rule. */
function referenceStats(image: RawImage, inside: (column: number, row: number) => boolean) {
  const values: number[] = [];
  for (let row = 0; row < image.rows; row++) {
    for (let column = 0; column < image.columns; column++) {
      if (inside(column, row)) values.push(image.pixels[row * image.columns + column] as number);
    }
  }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return { count: values.length, mean, sd, min: Math.min(...values), max: Math.max(...values) };
}

function ramp(rows: number, columns: number): RawImage {
  const pixels = new Float32Array(rows * columns);
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) pixels[r * columns + c] = 3 * c + 0.5 * r;
  return { pixels, rows, columns };
}

describe('ROI statistics over raw pixels', () => {
  it('a rectangle on a ramp has the closed-form mean, population SD, min and max', () => {
    const image = ramp(32, 32);
    // Columns 4..13 (10 values of 3c) and rows 2..5 (4 values of r/2): independent, so variances add.
    const stats = regionStats(image, { kind: 'rectangle', column0: 4, row0: 2, column1: 13, row1: 5 });
    const columnVariance = (9 * (10 ** 2 - 1)) / 12; // (3)² (n² − 1)/12 for n = 10 consecutive integers
    const rowVariance = (0.25 * (4 ** 2 - 1)) / 12;
    expect(stats?.count).toBe(40);
    expect(stats?.mean).toBeCloseTo(3 * 8.5 + 0.5 * 3.5, 10);
    expect(stats?.sd).toBeCloseTo(Math.sqrt(columnVariance + rowVariance), 10);
    expect(stats?.min).toBe(3 * 4 + 0.5 * 2);
    expect(stats?.max).toBe(3 * 13 + 0.5 * 5);
  });

  it('an ellipse takes the pixels whose centres lie inside, as the plain reference does (1e-9)', () => {
    const image = ramp(64, 48);
    const region: RoiRegion = {
      kind: 'ellipse',
      centerColumn: 20.3,
      centerRow: 30.7,
      radiusColumns: 9.5,
      radiusRows: 14.2,
    };
    const stats = regionStats(image, region);
    const reference = referenceStats(
      image,
      (c, r) => ((c - 20.3) / 9.5) ** 2 + ((r - 30.7) / 14.2) ** 2 <= 1,
    );
    expect(stats?.count).toBe(reference.count);
    expect(stats?.mean).toBeCloseTo(reference.mean, 9);
    expect(stats?.sd).toBeCloseTo(reference.sd, 9);
    expect([stats?.min, stats?.max]).toEqual([reference.min, reference.max]);
    // The pixel count approximates the ellipse's area π a b within 3 %.
    expect(Math.abs((stats?.count ?? 0) / (Math.PI * 9.5 * 14.2) - 1)).toBeLessThan(0.03);
  });

  it('a region clipped by the image edge counts only the pixels of the image; one outside gives null', () => {
    const image = ramp(16, 16);
    const clipped = regionStats(image, {
      kind: 'ellipse',
      centerColumn: 0,
      centerRow: 0,
      radiusColumns: 4,
      radiusRows: 4,
    });
    expect(clipped?.count).toBe(referenceStats(image, (c, r) => c * c + r * r <= 16).count);
    expect(
      regionStats(image, { kind: 'rectangle', column0: 20, row0: 20, column1: 30, row1: 30 }),
    ).toBeNull();
  });
});

describe('SNR and CNR with the Rayleigh correction', () => {
  it("σ from a background ROI of magnitude noise is SD_bg / 0.655, within 2 % of the channels' σ", () => {
    const sigma = 7;
    const count = 128 * 128;
    const noise = unitComplexNoise(count, seededRandom(42));
    const magnitude = new Float32Array(count);
    for (let i = 0; i < count; i++)
      magnitude[i] = sigma * Math.hypot(noise.re[i] as number, noise.im[i] as number);
    const background = regionStats(
      { pixels: magnitude, rows: 128, columns: 128 },
      { kind: 'rectangle', column0: 0, row0: 0, column1: 127, row1: 127 },
    );
    expect(background).not.toBeNull();
    expect(Math.abs(noiseSigmaFromBackground(background?.sd ?? 0) / sigma - 1)).toBeLessThan(0.02);
  });

  it('SNR is mean / (SD_bg / 0.655) and CNR is |ΔS| / (SD_bg / 0.655)', () => {
    const background = { count: 100, mean: 5, sd: 6.55, min: 0, max: 20 };
    const white = { count: 50, mean: 400, sd: 10, min: 370, max: 430 };
    const grey = { count: 50, mean: 300, sd: 10, min: 270, max: 330 };
    expect(signalToNoise(white, background)).toBeCloseTo(40, 10);
    expect(contrastToNoise(grey, white, background)).toBeCloseTo(10, 10);
  });
});
