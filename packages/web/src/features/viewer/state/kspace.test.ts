import { describe, expect, it } from 'vitest';
import { kspaceToImage2d } from '@larmor/mri/recon';
import { defaultProtocol, REFERENCE_SCANNER, phaseEncodingOrder } from '@larmor/mri/sequence';
import {
  acquiredMask,
  complexKSpace,
  imageOf,
  kAt,
  kMaxRead,
  kspaceFrameOf,
  masked,
  movePoint,
  radialMask,
  type KSpaceFrame,
} from './kspace.ts';
import { relativeGradientEnergy, stripePattern } from './kspace-display.ts';
import { seriesMeta as meta, squarePhantom } from './kspace.testing.ts';

const FRAME: KSpaceFrame = { rows: 64, columns: 64, acquiredRows: 64, fovRead: 0.24, fovPhase: 0.24 };

describe('kspaceFrameOf', () => {
  it('gives the full phase lines with oversampling (96 × 1.5 = 144), the stored 108 and the oversampled FOV', () => {
    const m = meta({});
    const frame = kspaceFrameOf(m);
    expect(frame).toMatchObject({ rows: 144, columns: 128, acquiredRows: 108 });
    expect(frame.fovPhase).toBeCloseTo(m.parameters.fovPhase * 1.5, 12);
  });

  it('refuses a stored k-space that does not fit the protocol', () => {
    expect(() => kspaceFrameOf(meta({ kspaceColumns: 100 }))).toThrow(/does not fit/);
  });
});

describe('complexKSpace', () => {
  it('unpacks (re, im) pairs of the acquired lines and leaves the lines never read at zero', () => {
    const frame = { ...FRAME, rows: 4, columns: 2, acquiredRows: 3 };
    const k = complexKSpace(Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), frame);
    expect(Array.from(k.re)).toEqual([1, 3, 5, 7, 9, 11, 0, 0]);
    expect(Array.from(k.im)).toEqual([2, 4, 6, 8, 10, 12, 0, 0]);
  });

  it('refuses a slice of the wrong length', () => {
    expect(() =>
      complexKSpace(new Float32Array(6), { ...FRAME, rows: 4, columns: 2, acquiredRows: 3 }),
    ).toThrow(/3 samples, not 6/);
  });
});

describe('kAt and the masks', () => {
  it('puts k = 0 at (rows/2, columns/2) and steps by 1/FOV [1/m]', () => {
    expect(kAt(FRAME, 32, 32)).toEqual({ kx: 0, ky: 0 });
    expect(kAt(FRAME, 32, 33).kx).toBeCloseTo(1 / 0.24, 12);
    expect(kAt(FRAME, 30, 32).ky).toBeCloseTo(-2 / 0.24, 12);
    expect(kMaxRead(FRAME)).toBeCloseTo(32 / 0.24, 12);
  });

  it('centre keeps the disc |k| ≤ R (≈ πR²/Δk² samples, ±5 %) and edge keeps exactly the rest', () => {
    const radius = 10 / 0.24;
    const centre = radialMask(FRAME, 'centre', radius);
    const edge = radialMask(FRAME, 'edge', radius);
    const kept = centre.reduce((a, b) => a + b, 0);
    expect(Math.abs(kept / (Math.PI * 100) - 1)).toBeLessThan(0.05);
    expect(centre[32 * 64 + 32]).toBe(1);
    expect(centre[0]).toBe(0);
    centre.forEach((v, i) => expect(v + (edge[i] as number)).toBe(1));
  });

  it('acquiredMask fills the lines of the first n steps of the acquisition order', () => {
    const order = phaseEncodingOrder({ ...defaultProtocol('GRE', REFERENCE_SCANNER), partialFourier: 1 }, 64);
    const mask = acquiredMask(FRAME, order.lines, 3);
    expect(mask.reduce((a, b) => a + b, 0)).toBe(3 * 64);
    expect([mask[0], mask[2 * 64 + 63], mask[3 * 64]]).toEqual([1, 1, 0]);
    expect(acquiredMask(FRAME, order.lines, 1000).every((v) => v === 1)).toBe(true);
  });
});

describe('images from masked k-space', () => {
  it('the full k-space gives back the phantom (±1e-9), the centre-only image is blurred, the edge-only one keeps the edges', () => {
    const k = squarePhantom(FRAME);
    const full = imageOf(k, FRAME);
    expect(full[32 * 64 + 32]).toBeCloseTo(1, 9);
    expect(full[2 * 64 + 2]).toBeCloseTo(0, 9);
    const radius = 0.15 * kMaxRead(FRAME);
    const low = imageOf(masked(k, radialMask(FRAME, 'centre', radius)), FRAME);
    const high = imageOf(masked(k, radialMask(FRAME, 'edge', radius)), FRAME);
    const sharpness = (image: Float32Array) => relativeGradientEnergy(image, 64, 64);
    expect(sharpness(low)).toBeLessThan(0.5 * sharpness(full));
    expect(sharpness(high)).toBeGreaterThan(sharpness(full));
    // Contrast lives in the centre: the low-pass image keeps the square's mean level, the edge-only one loses it.
    expect(low[32 * 64 + 32]).toBeGreaterThan(0.8);
    expect(high[32 * 64 + 32]).toBeLessThan(0.3);
  });

  it('the stripe pattern of a sample is the real part of the image of that sample alone (the recon FFT sign)', () => {
    const row = 35;
    const column = 30;
    const k = { re: new Float64Array(64 * 64), im: new Float64Array(64 * 64) };
    k.re[row * 64 + column] = 64 * 64;
    const image = kspaceToImage2d(k, 64, 64);
    const { kx, ky } = kAt(FRAME, row, column);
    const stripes = stripePattern(FRAME, kx, ky);
    for (let i = 0; i < stripes.length; i += 37) {
      expect(Math.abs((stripes[i] as number) - ((image.re[i] as number) + 1) * 127.5)).toBeLessThanOrEqual(
        0.5 + 1e-9,
      );
    }
  });
});

describe('movePoint', () => {
  it('arrows move one sample (Shift: 8), stop at the edges, and other keys do nothing', () => {
    expect(movePoint({ row: 10, column: 10 }, 'ArrowUp', FRAME)).toEqual({ row: 9, column: 10 });
    expect(movePoint({ row: 10, column: 10 }, 'ArrowRight', FRAME, true)).toEqual({ row: 10, column: 18 });
    expect(movePoint({ row: 0, column: 63 }, 'ArrowRight', FRAME)).toEqual({ row: 0, column: 63 });
    expect(movePoint({ row: 0, column: 0 }, 'ArrowUp', FRAME)).toEqual({ row: 0, column: 0 });
    expect(movePoint({ row: 5, column: 5 }, 'a', FRAME)).toBeNull();
  });
});
