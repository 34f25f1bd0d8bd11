import type { TissueKey } from '../tissue/types.ts';
import type { Vec3 } from '../units.ts';
import type { AnatomicalModel } from './types.ts';

/** Tissue key of the voxel nearest to a patient position (LPS) [m]; 'air' outside the volume. */
export function labelAtPoint(model: Pick<AnatomicalModel, 'volume' | 'tissues'>, point: Vec3): TissueKey {
  const { dims, origin, voxelSize, labels } = model.volume;
  const idx = [0, 1, 2].map((k) => Math.round(((point[k] ?? 0) - (origin[k] ?? 0)) / (voxelSize[k] ?? 1)));
  const [i = -1, j = -1, k = -1] = idx;
  if (i < 0 || j < 0 || k < 0 || i >= dims[0] || j >= dims[1] || k >= dims[2]) return 'air';
  return model.tissues[labels[(k * dims[1] + j) * dims[0] + i] ?? 0] ?? 'air';
}

/** Voxel count of every tissue key of a model. */
export function tissueVoxelCounts(
  model: Pick<AnatomicalModel, 'volume' | 'tissues'>,
): Record<TissueKey, number> {
  const counts = new Float64Array(256);
  for (const l of model.volume.labels) counts[l] = (counts[l] ?? 0) + 1;
  const out: Record<TissueKey, number> = {};
  model.tissues.forEach((key, i) => {
    out[key] = (out[key] ?? 0) + (counts[i] ?? 0);
  });
  return out;
}

/** Volume fraction of every tissue, of the whole grid or (excludeAir) of the object. */
export function tissueFractions(
  model: Pick<AnatomicalModel, 'volume' | 'tissues'>,
  options: { excludeAir?: boolean } = {},
): Record<TissueKey, number> {
  const counts = tissueVoxelCounts(model);
  const total = Object.entries(counts).reduce(
    (s, [k, c]) => (options.excludeAir && k === 'air' ? s : s + c),
    0,
  );
  return Object.fromEntries(Object.entries(counts).map(([k, c]) => [k, c / total]));
}
