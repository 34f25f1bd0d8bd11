import type { TissueKey } from '../tissue/types.ts';
import type { Meters, Vec3 } from '../units.ts';
import type { TissueTexture } from './texture.ts';

/**
 * A regular, axis-aligned voxel grid, its values stored x fastest, then y, then z: voxel (i, j, k) has its centre
 * at `origin + (i·dx, j·dy, k·dz)` in patient coordinates (LPS) [m].
 */
export interface VoxelGrid {
  /** Voxel counts along x, y, z. */
  dims: readonly [number, number, number];
  /** Voxel size along x, y, z [m]. */
  voxelSize: readonly [Meters, Meters, Meters];
  /** Patient position of the centre of voxel (0, 0, 0) [m]. */
  origin: Vec3;
}

/** A label volume: one tissue index per voxel of its grid. */
export interface LabelVolume extends VoxelGrid {
  /** Tissue index per voxel into the model's `tissues` table; 0 is air/background. */
  labels: Uint8Array;
  /**
   * Smooth seeded variation of PD, T1 and T2 within each tissue (texture.ts); absent: every voxel of a tissue has
   * its library values (the synthetic phantoms of the closed-form tests).
   */
  texture?: TissueTexture;
}

/** Names of model features, exactly as the simulator spec lists them (simulator.md §3). */
export type FeatureName =
  | 'Isocenter'
  | 'Tissue magnetic properties'
  | 'Breathing mode'
  | 'Heart Condition'
  | 'Brain Condition'
  | 'Default cardiac phase'
  | 'Physiological motion'
  | 'CS'
  | 'SWI'
  | 'T2Star';

/** A named anatomical region of a model (used by isocenter choice and planning). */
export interface Region {
  id: number;
  name: string;
  /** Centre of the region in patient coordinates [m]. */
  center: Vec3;
}

/** A receive coil of a model: the spec's `unique_name` / `shown_name`, plus its element positions. */
export interface Coil {
  uniqueName: string;
  shownName: string;
  /** Centres of the coil elements in patient coordinates [m]; sensitivity falls off with distance. */
  elements: readonly Vec3[];
  /** Length scale of each element's sensitivity fall-off [m]. */
  elementRadius: Meters;
}

/** An anatomical model: label volume + tissue table + regions + features + coils. */
export interface AnatomicalModel {
  id: number;
  name: string;
  /** The credit of the data the model is derived from (atlas, template): shown beside it and written to exports. */
  notice?: string;
  volume: LabelVolume;
  /** Tissue key per label index; index 0 is background (air) and is never simulated. */
  tissues: readonly TissueKey[];
  regions: readonly Region[];
  features: readonly FeatureName[];
  coils: readonly Coil[];
}
