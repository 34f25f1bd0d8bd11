import { describe, expect, it } from 'vitest';
import { seededRandom } from '../simulate/noise.ts';
import { buildModel } from './registry.ts';
import {
  modelTexture,
  TEXTURE_AMPLITUDE,
  TEXTURE_FEATURE_SIZE,
  TEXTURE_PROPERTIES,
  textureFactor,
} from './texture.ts';

describe('tissue texture', () => {
  const texture = modelTexture(1);
  const random = seededRandom(7);
  /** 4000 points in a 10 cm cube around the isocentre [m]. */
  const points = Array.from(
    { length: 4000 },
    () => [0, 1, 2].map(() => (random() - 0.5) * 0.1) as [number, number, number],
  );

  it.each(TEXTURE_PROPERTIES)(
    'varies %s by a few per cent around the library value (bounded, zero mean)',
    (property) => {
      const values = points.map(([x, y, z]) => textureFactor(texture, property, x, y, z) - 1);
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      const rms = Math.sqrt(values.reduce((a, b) => a + b * b, 0) / values.length);
      expect(Math.max(...values.map(Math.abs))).toBeLessThanOrEqual(TEXTURE_AMPLITUDE);
      expect(Math.abs(mean)).toBeLessThan(0.004);
      // Value noise in [−1, 1] has an RMS of about 0.3–0.4: ≈ 1 % at ±3 %.
      expect(rms).toBeGreaterThan(0.005);
      expect(rms).toBeLessThan(0.02);
    },
  );

  it('is smooth over a few millimetres: small steps change it little, distant points are uncorrelated', () => {
    const step = (d: number): { mean: number; most: number } => {
      let sum = 0;
      let most = 0;
      for (const [x, y, z] of points) {
        const change = Math.abs(
          textureFactor(texture, 'pd', x + d, y, z) - textureFactor(texture, 'pd', x, y, z),
        );
        sum += change;
        most = Math.max(most, change);
      }
      return { mean: sum / points.length, most };
    };
    const near = step(0.0005);
    const far = step(0.02);
    // Steepest slope of the field: a lattice step of 2 over the quintic fade's slope 15/8, 3.75 per feature size.
    expect(near.most).toBeLessThan(3.75 * (0.0005 / TEXTURE_FEATURE_SIZE) * TEXTURE_AMPLITUDE);
    expect(far.mean).toBeGreaterThan(5 * near.mean);
  });

  it('gives independent fields for PD, T1 and T2, and the same fields on every build of a model', () => {
    const corr = (a: 'pd' | 't1' | 't2', b: 'pd' | 't1' | 't2'): number => {
      let sab = 0;
      let saa = 0;
      let sbb = 0;
      for (const [x, y, z] of points) {
        const u = textureFactor(texture, a, x, y, z) - 1;
        const v = textureFactor(texture, b, x, y, z) - 1;
        sab += u * v;
        saa += u * u;
        sbb += v * v;
      }
      return sab / Math.sqrt(saa * sbb);
    };
    expect(Math.abs(corr('pd', 't1'))).toBeLessThan(0.2);
    expect(Math.abs(corr('t1', 't2'))).toBeLessThan(0.2);
    expect(modelTexture(1)).toEqual(texture);
    expect(modelTexture(2).seed).not.toBe(texture.seed);
    expect(buildModel(9).volume.texture).toEqual(modelTexture(9));
  });
});
