import { describe, expect, it } from 'vitest';
import type { LabelAsset } from '../labelAsset.ts';
import { tissueVoxelCounts } from '../inspect.ts';
import { applyBrainCondition, brainTissues } from './conditions.ts';

/**
 * Synthetic brain: a 120 × 120 × 80 mm block of white matter (1 mm voxels, centred on the origin) with a grey
 * matter rim and two CSF "ventricles" (slabs at |x| < 6 mm, |y| < 25 mm, 0 < z < 30 mm).
 */
function syntheticAsset(): LabelAsset {
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

describe('brain conditions', () => {
  const asset = syntheticAsset();
  const tissues = brainTissues(asset);

  it('keeps the healthy volume unchanged and the label table fixed whatever the condition', () => {
    expect(Buffer.compare(applyBrainCondition(asset, 'healthy').labels, asset.volume.labels)).toBe(0);
    expect(tissues.slice(0, asset.tissues.length)).toEqual(asset.tissues);
    expect(tissues).toEqual(expect.arrayContaining(['msLesion', 'tumour', 'oedema']));
  });

  it('places periventricular MS lesions only in white matter, more for a severer grade, deterministically', () => {
    const volumes = (['mildMSlesions', 'moderateMSlesions', 'severeMSlesions'] as const).map((c) =>
      applyBrainCondition(asset, c),
    );
    const counts = volumes.map((volume) => tissueVoxelCounts({ volume, tissues }).msLesion ?? 0);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(counts[0] ?? 0);
    expect(counts[2]).toBeGreaterThan(counts[1] ?? 0);
    const lesion = tissues.indexOf('msLesion');
    const severe = volumes[2]?.labels ?? new Uint8Array();
    expect(severe.some((l, p) => l === lesion && asset.volume.labels[p] !== 3)).toBe(false);
    expect(Buffer.compare(applyBrainCondition(asset, 'severeMSlesions').labels, severe)).toBe(0);
  });

  it('leaves the shared asset untouched, even when its labels are a Node Buffer', () => {
    const shared: LabelAsset = {
      ...asset,
      volume: { ...asset.volume, labels: Buffer.from(asset.volume.labels) },
    };
    const before = Buffer.from(shared.volume.labels);
    applyBrainCondition(shared, 'severeMSlesions');
    applyBrainCondition(shared, 'tumor');
    expect(Buffer.compare(shared.volume.labels, before)).toBe(0);
  });

  it('grows a tumour inside an oedema ring that spreads only through white matter', () => {
    const volume = applyBrainCondition(asset, 'tumor');
    const counts = tissueVoxelCounts({ volume, tissues });
    // Tumour: a roughened sphere of 14 mm radius, (4/3)π·14³ ≈ 11 500 mm³, within ±40 % for the surface noise
    // and the block's edges.
    expect(counts.tumour).toBeGreaterThan(11500 * 0.6);
    expect(counts.tumour).toBeLessThan(11500 * 1.4);
    expect(counts.oedema).toBeGreaterThan(counts.tumour ?? 0);
    const oedema = tissues.indexOf('oedema');
    expect(volume.labels.some((l, p) => l === oedema && asset.volume.labels[p] !== 3)).toBe(false);
  });
});
