/**
 * The 3D viewer's volumes as NIfTI wants them (issue 13): the anatomical model's label volume and the planned
 * slice stacks as a mask on the same grid. @larmor/mri keeps patient coordinates in LPS [m] (docs/conventions.md);
 * NIfTI's affine maps voxel indices to RAS [mm] (NIfTI-1 header, qform/sform: x_R = −x_L, y_A = −y_P).
 */
import type { AnatomicalModel, LabelVolume } from '@larmor/mri/anatomy';
import type { ImagePlane } from '@larmor/mri/simulate';
import { tissueAtField } from '@larmor/mri/tissue';

/** A volume ready for NVImage.createNiftiArray: dims, voxel size [mm], row-major 4×4 RAS affine, voxels. */
export interface NiftiVolume {
  dims: [number, number, number];
  pixDims: [number, number, number];
  affine: number[];
  data: Uint8Array;
}

const MM_PER_M = 1_000;

/** The RAS [mm] affine of an LPS [m] label grid: diagonal −dx, −dy, +dz, translated to the origin voxel. */
export function rasAffine(volume: Pick<LabelVolume, 'voxelSize' | 'origin'>): number[] {
  const [dx, dy, dz] = volume.voxelSize.map((v) => v * MM_PER_M) as [number, number, number];
  const [ox, oy, oz] = volume.origin.map((v) => v * MM_PER_M) as [number, number, number];
  return [-dx, 0, 0, -ox, 0, -dy, 0, -oy, 0, 0, dz, oz, 0, 0, 0, 1];
}

/** The model's labels as a NIfTI volume (label index per voxel, x fastest: NIfTI's order too). */
export function labelNifti(volume: LabelVolume): NiftiVolume {
  return {
    dims: [...volume.dims],
    pixDims: volume.voxelSize.map((v) => v * MM_PER_M) as [number, number, number],
    affine: rasAffine(volume),
    data: volume.labels,
  };
}

/** Grey level of pure water (PD 1) in the model's display volume (0–255, bytes). */
export const WATER_GREY = 250;

/**
 * The model as a proton-density picture: each voxel's grey is its tissue's PD × WATER_GREY (air 0), so the
 * volume rendering and the planes read as anatomy rather than as label numbers.
 */
export function protonDensityNifti(model: Pick<AnatomicalModel, 'volume' | 'tissues'>): NiftiVolume {
  const greys = model.tissues.map((key, label) =>
    label === 0 ? 0 : Math.round(WATER_GREY * Math.min(1, tissueAtField(key, 1.5).pd)),
  );
  const { labels } = model.volume;
  const data = new Uint8Array(labels.length);
  for (let i = 0; i < labels.length; i++) data[i] = greys[labels[i] as number] ?? 0;
  return { ...labelNifti(model.volume), data };
}

/**
 * A mask on the model's grid: 1 where a voxel centre lies inside one of `planes` (within half its thickness of
 * the plane and within its field of view), else 0 — the planned slice stacks drawn in place.
 */
export function stackMask(volume: LabelVolume, stacks: readonly (readonly ImagePlane[])[]): NiftiVolume {
  const [nx, ny, nz] = volume.dims;
  const [dx, dy, dz] = volume.voxelSize;
  const [ox, oy, oz] = volume.origin;
  const data = new Uint8Array(nx * ny * nz);
  for (const planes of stacks) {
    const first = planes[0];
    if (first === undefined) continue;
    // A stack's slices are parallel with one field of view: one pass per stack, each voxel's distance along the
    // normal looked up among the slices' sorted offsets from the first.
    const { normal: n, rowDirection: r, columnDirection: c, center: c0 } = first;
    const offsets = planes
      .map((p) => (p.center[0] - c0[0]) * n[0] + (p.center[1] - c0[1]) * n[1] + (p.center[2] - c0[2]) * n[2])
      .sort((a, b) => a - b);
    const lowest = offsets[0] as number;
    const highest = offsets.at(-1) as number;
    const halfThickness = first.sliceThickness / 2;
    const halfWidth = (first.columns * first.columnSpacing) / 2;
    const halfHeight = (first.rows * first.rowSpacing) / 2;
    const inSlice = (across: number): boolean => {
      if (across < lowest - halfThickness || across > highest + halfThickness) return false;
      let lo = 0;
      let hi = offsets.length - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if ((offsets[mid] as number) <= across) lo = mid;
        else hi = mid;
      }
      return (
        Math.abs(across - (offsets[lo] as number)) <= halfThickness ||
        Math.abs(across - (offsets[hi] as number)) <= halfThickness
      );
    };
    for (let k = 0; k < nz; k++) {
      const z = oz + k * dz - c0[2];
      for (let j = 0; j < ny; j++) {
        const y = oy + j * dy - c0[1];
        const base = nx * (j + ny * k);
        for (let i = 0; i < nx; i++) {
          const x = ox + i * dx - c0[0];
          if (!inSlice(x * n[0] + y * n[1] + z * n[2])) continue;
          const along = x * r[0] + y * r[1] + z * r[2];
          const down = x * c[0] + y * c[1] + z * c[2];
          if (Math.abs(along) <= halfWidth && Math.abs(down) <= halfHeight) data[base + i] = 1;
        }
      }
    }
  }
  return { ...labelNifti(volume), data };
}
