import type { TissueKey } from '../tissue/types.ts';
import type { Vec3 } from '../units.ts';
import type { AnatomicalModel, LabelVolume } from './types.ts';

/** Label of the voxel nearest to a patient position (LPS) [m]; −1 outside the volume. */
export function labelIndexAt(volume: LabelVolume, point: Vec3): number {
  const i = Math.round((point[0] - volume.origin[0]) / volume.voxelSize[0]);
  const j = Math.round((point[1] - volume.origin[1]) / volume.voxelSize[1]);
  const k = Math.round((point[2] - volume.origin[2]) / volume.voxelSize[2]);
  const [nx, ny, nz] = volume.dims;
  if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) return -1;
  return volume.labels[(k * ny + j) * nx + i] ?? -1;
}

/** Tissue key of the voxel nearest to a patient position (LPS) [m]; 'air' outside the volume. */
export function labelAtPoint(model: Pick<AnatomicalModel, 'volume' | 'tissues'>, point: Vec3): TissueKey {
  const label = labelIndexAt(model.volume, point);
  return label < 0 ? 'air' : (model.tissues[label] ?? 'air');
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
