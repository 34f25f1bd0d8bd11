import { describe, expect, it } from 'vitest';
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import { tissueAtField } from '../tissue/library.ts';
import { CUBE_TISSUES, cubeFieldMap, haemorrhageCube } from './blooming.testing.ts';
import { FIELD_MAP_STEP, sampleFieldMap, susceptibilityFieldMap } from './fieldMap.ts';
import { fineFieldLabels } from './fieldMapDetail.ts';

/**
 * The fine near field of small, strong sources (fieldMapDetail.ts) on a constructed case: a sphere of haemorrhage
 * (radius 2.5 mm, 1 mm voxels) in a cube of white matter. Outside a uniformly magnetised sphere the field is that
 * of a point dipole: Δf = γ̄·B0·Δχ/3·(a/r)³·(3cos²θ − 1) (reference/tissue_properties.md; the test in
 * fieldMap.test.ts checks the same on a 1 mm grid), with a³ from the voxelised sphere's volume.
 */
describe('fine field detail of a haemorrhage (dipole near field)', () => {
  const b0 = 3;
  const volume = haemorrhageCube();
  const map = cubeFieldMap(volume, b0);
  const coarseOnly = cubeFieldMap(volume, b0, false);
  // The cube without the sphere: its own (slowly varying) field, subtracted to isolate the sphere's.
  const chiWm = tissueAtField('whiteMatter', b0).susceptibilityPpm;
  const background = susceptibilityFieldMap(volume, [undefined, chiWm, chiWm], b0);
  const deltaChi = tissueAtField('haemorrhage', b0).susceptibilityPpm - chiWm;
  const voxels = volume.labels.reduce((n, l) => n + (l === 2 ? 1 : 0), 0);
  const a3 = (3 * voxels * 1e-9) / (4 * Math.PI);
  const dipole = (r: number, cos2: number): number =>
    ((GYROMAGNETIC_RATIO_HZ_PER_T * b0 * deltaChi * 1e-6) / 3) * (a3 / r ** 3) * (3 * cos2 - 1);
  const sphereField = (m: typeof map, p: [number, number, number]): number =>
    sampleFieldMap(m, p) - sampleFieldMap(background, p);

  for (const r of [0.004, 0.006]) {
    it(`matches the dipole on the B0 axis and the equator at r = ${r * 1000} mm (within 20 %)`, () => {
      expect(Math.abs(sphereField(map, [0, 0, r]) / dipole(r, 1) - 1)).toBeLessThan(0.2);
      expect(Math.abs(sphereField(map, [r, 0, 0]) / dipole(r, 0) - 1)).toBeLessThan(0.2);
    });
  }
  it('puts back what the 3 mm blocks smear: without the detail the field 4 mm off the sphere is 30 % and more off', () => {
    const r = 0.004;
    expect(Math.abs(sphereField(coarseOnly, [r, 0, 0]) / dipole(r, 0) - 1)).toBeGreaterThan(0.3);
  });
  it('fades to under 5 % of the pole field at 4 mm on the faces of its box (the sum stays continuous)', () => {
    const detail = map.detail;
    if (!detail) throw new Error('no detail');
    const [nx, ny, nz] = detail.dims;
    let worst = 0;
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++)
        for (let i = 0; i < nx; i++) {
          const face = i === 0 || j === 0 || k === 0 || i === nx - 1 || j === ny - 1 || k === nz - 1;
          if (face) worst = Math.max(worst, Math.abs(detail.hz[i + nx * (j + ny * k)] as number));
        }
    expect(worst).toBeLessThan(0.05 * dipole(0.004, 1));
  });
  it('is added only for the fine tissues (by key or alias), and absent where a volume has none', () => {
    expect(fineFieldLabels(['air', 'whiteMatter', 'haemorrhage', 'hemorrhage', 'necrosis'])).toEqual([2, 3]);
    const chi = CUBE_TISSUES.map((k, l) => (l === 0 ? undefined : tissueAtField(k, b0).susceptibilityPpm));
    const healthy = { ...volume, labels: volume.labels.map((l) => (l === 2 ? 1 : l)) };
    expect(susceptibilityFieldMap(healthy, chi, b0, FIELD_MAP_STEP, [2]).detail).toBeUndefined();
  });
});
