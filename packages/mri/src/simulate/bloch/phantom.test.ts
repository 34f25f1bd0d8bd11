import { describe, expect, it } from 'vitest';
import { standardPlane, type SliceGrid } from '../../anatomy/resample.ts';
import type { AnatomicalModel } from '../../anatomy/types.ts';
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../../constants.ts';
import { tissueAtField } from '../../tissue/library.ts';
import { spinsFromSlice } from './phantom.ts';
import { modelTexture, textureFactor } from '../../anatomy/texture.ts';
import { CLASS_RELAXATION_BITS, roundToClassResolution, type SpinSet } from './spins.ts';

const B0 = 1.5;
const MM = 1e-3;
const TISSUES = ['air', 'whiteMatter', 'fat'] as const;
const tissues = TISSUES.map((key, label) => (label === 0 ? undefined : tissueAtField(key, B0)));

/**
 * A 12×12×3 model of 1 mm voxels whose centres lie at whole millimetres, x, y ∈ [−6, 5] mm, z ∈ [−1, 1] mm:
 * a one-voxel air border, white matter at x ∈ [−5, −1] mm and fat at x ∈ [0, 4] mm (labels 1 and 2).
 */
function twoTissueModel(): Pick<AnatomicalModel, 'volume' | 'tissues'> {
  const n = 12;
  const labels = new Uint8Array(n * n * 3);
  for (let k = 0; k < 3; k++)
    for (let j = 1; j < n - 1; j++)
      for (let i = 1; i < n - 1; i++) labels[(k * n + j) * n + i] = i <= 5 ? 1 : 2;
  return {
    volume: { dims: [n, n, 3], voxelSize: [MM, MM, MM], origin: [-6 * MM, -6 * MM, -MM], labels },
    tissues: TISSUES,
  };
}

const grid = (n: number, spacing: number): SliceGrid => ({
  nx: n,
  ny: n,
  pixelSpacing: [spacing, spacing],
  sliceThickness: MM,
});

/** Index of the spin at (x, y) [m], within a tenth of a millimetre. */
function spinAt(spins: SpinSet, x: number, y: number): number {
  for (let i = 0; i < spins.count; i++)
    if (Math.abs((spins.x[i] ?? NaN) - x) < 0.1 * MM && Math.abs((spins.y[i] ?? NaN) - y) < 0.1 * MM)
      return i;
  return -1;
}

describe('spinsFromSlice', () => {
  it('gives one spin per non-air pixel when the grid matches the voxels (10×10 of 12×12), at the pixel centres in the plane', () => {
    const spins = spinsFromSlice(twoTissueModel(), standardPlane('axial', [0, 0, 0]), grid(12, MM), tissues);
    expect(spins.count).toBe(100);
    for (let i = 0; i < spins.count; i++) {
      expect(spins.z[i]).toBe(0);
      expect(Math.abs(spins.x[i] ?? 99)).toBeLessThanOrEqual(5 * MM + 1e-9);
    }
    expect(spinAt(spins, -6 * MM, 0)).toBe(-1); // the air border is skipped
  });

  it('gives each spin PD, T1, T2 and the chemical-shift off-resonance 2π·shift·γ̄·B0 of the tissue at its point', () => {
    const spins = spinsFromSlice(twoTissueModel(), standardPlane('axial', [0, 0, 0]), grid(12, MM), tissues);
    const cases = [
      { x: -3 * MM, tissue: tissueAtField('whiteMatter', B0) },
      { x: 3 * MM, tissue: tissueAtField('fat', B0) },
    ];
    for (const { x, tissue } of cases) {
      const i = spinAt(spins, x, 2 * MM);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(spins.rho[i]).toBeCloseTo(tissue.pd, 6);
      expect(spins.t1[i]).toBeCloseTo(tissue.t1, 6);
      expect(spins.t2[i]).toBeCloseTo(tissue.t2, 6);
      // Δω = 2π·δ·1e-6·γ̄·B0 (tissue/library.ts), to Float32 precision (1e-6 relative).
      const dw = 2 * Math.PI * tissue.chemicalShiftPpm * 1e-6 * GYROMAGNETIC_RATIO_HZ_PER_T * B0;
      expect(Math.abs((spins.dw[i] ?? NaN) - dw)).toBeLessThanOrEqual(1e-6 * Math.abs(dw) + 1e-9);
    }
    // Fat resonates below water: about −3.4 ppm, so −2π·217 rad/s at 1.5 T within 5 %.
    const fat = spins.dw[spinAt(spins, 3 * MM, 2 * MM)] ?? 0;
    expect(fat / (-2 * Math.PI * 217)).toBeGreaterThan(0.95);
    expect(fat / (-2 * Math.PI * 217)).toBeLessThan(1.05);
    expect(spins.dw[spinAt(spins, -3 * MM, 2 * MM)]).toBe(0);
  });

  it('on a coarser grid takes the tissue filling most of each pixel and skips pixels where air fills half or more', () => {
    // 2 mm pixels centred at −5.5 + 2·m mm: each holds 2×2 voxels; the 4×4 inner pixels are all tissue, the edge
    // pixels half air (a tie: skipped) and the corners three quarters air.
    const plane = standardPlane('axial', [0.5 * MM, 0.5 * MM, 0]);
    const spins = spinsFromSlice(twoTissueModel(), plane, grid(6, 2 * MM), tissues);
    expect(spins.count).toBe(16);
    const wm = tissueAtField('whiteMatter', B0);
    const fat = tissueAtField('fat', B0);
    expect(spins.t1[spinAt(spins, -1.5 * MM, -1.5 * MM)]).toBeCloseTo(wm.t1, 6);
    expect(spins.t1[spinAt(spins, 0.5 * MM, -1.5 * MM)]).toBeCloseTo(fat.t1, 6);
  });

  it('with n isochromats splits every pixel whose tissue has T2* < T2 into n that keep its total PD', () => {
    const model = twoTissueModel();
    const plane = standardPlane('axial', [0, 0, 0]);
    const one = spinsFromSlice(model, plane, grid(12, MM), tissues);
    const four = spinsFromSlice(model, plane, grid(12, MM), tissues, { isochromats: 4 });
    const split = (key: 'whiteMatter' | 'fat'): number => {
      const t = tissueAtField(key, B0);
      return t.t2star < t.t2 ? 4 : 1;
    };
    expect(four.count).toBe(50 * split('whiteMatter') + 50 * split('fat'));
    const total = (s: SpinSet): number => s.rho.reduce((a, b) => a + b, 0);
    expect(total(four)).toBeCloseTo(total(one), 3);
  });

  it('is deterministic: the same slice gives the same spins, value for value', () => {
    const plane = standardPlane('axial', [0.3 * MM, -0.2 * MM, 0.1 * MM]);
    const a = spinsFromSlice(twoTissueModel(), plane, grid(9, 1.4 * MM), tissues, { isochromats: 3 });
    const b = spinsFromSlice(twoTissueModel(), plane, grid(9, 1.4 * MM), tissues, { isochromats: 3 });
    expect(a.count).toBeGreaterThan(0);
    for (const key of ['x', 'y', 'z', 'rho', 't1', 't2', 'dw', 'mz'] as const) expect(b[key]).toEqual(a[key]);
  });

  it('rejects a tissue label without properties and a non-integer isochromat count', () => {
    const plane = standardPlane('axial', [0, 0, 0]);
    expect(() => spinsFromSlice(twoTissueModel(), plane, grid(12, MM), [undefined, tissues[1]])).toThrow(
      /label 2 \('fat'\)/,
    );
    expect(() =>
      spinsFromSlice(twoTissueModel(), plane, grid(12, MM), tissues, { isochromats: 1.5 }),
    ).toThrow(RangeError);
  });

  it("scales each spin's PD, T1 and T2 by the model's texture at its position, T1 and T2 to the class resolution (none without a texture)", () => {
    const plane = standardPlane('axial', [0, 0, 0]);
    const plainModel = twoTissueModel();
    const texture = modelTexture(1);
    const textured = { ...plainModel, volume: { ...plainModel.volume, texture } };
    const plain = spinsFromSlice(plainModel, plane, grid(12, MM), tissues);
    const spins = spinsFromSlice(textured, plane, grid(12, MM), tissues);
    expect(spins.count).toBe(plain.count);
    let varied = 0;
    for (let i = 0; i < spins.count; i++) {
      const [x, y, z] = [spins.x[i] ?? NaN, spins.y[i] ?? NaN, spins.z[i] ?? NaN];
      expect((spins.rho[i] ?? NaN) / (plain.rho[i] ?? NaN)).toBeCloseTo(
        textureFactor(texture, 'pd', x, y, z),
        6,
      );
      // T1 and T2 at the engine's class resolution (spins.ts): within half a step of the textured value.
      for (const property of ['t1', 't2'] as const) {
        const value = spins[property][i] ?? NaN;
        const textured = (plain[property][i] ?? NaN) * textureFactor(texture, property, x, y, z);
        expect(Math.abs(value / textured - 1)).toBeLessThanOrEqual(2 ** -(CLASS_RELAXATION_BITS + 1) + 1e-7);
        expect(roundToClassResolution(value)).toBe(value);
      }
      if (Math.abs((spins.rho[i] ?? 0) / (plain.rho[i] ?? 1) - 1) > 0.001) varied++;
    }
    expect(varied).toBeGreaterThan(spins.count / 2);
  });
});
