import type { LabelAsset } from '../labelAsset.ts';

/**
 * Synthetic brain for condition tests: a 120 × 120 × 80 mm block of white matter (1 mm voxels, centred on the
 * origin) with a grey matter rim (4 mm) and a CSF "ventricle" slab at |x| < 6 mm, |y| < 25 mm, 0 < z < 30 mm.
 */
export function syntheticBrainAsset(): LabelAsset {
  const tissues = ['air', 'csf', 'greyMatter', 'whiteMatter', 'deepGreyMatter'];
  const [nx, ny, nz] = [120, 120, 80];
  const labels = new Uint8Array(nx * ny * nz);
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const x = i - 59.5;
        const y = j - 59.5;
        const z = k - 39.5;
        const rim = Math.min(i, j, k, nx - 1 - i, ny - 1 - j, nz - 1 - k) < 4;
        const ventricle = Math.abs(x) < 6 && Math.abs(y) < 25 && z > 0 && z < 30;
        labels[(k * ny + j) * nx + i] = ventricle ? 1 : rim ? 2 : 3;
      }
  return {
    tissues,
    volume: {
      dims: [nx, ny, nz],
      voxelSize: [0.001, 0.001, 0.001],
      origin: [-0.0595, -0.0595, -0.0395],
      labels,
    },
  };
}
