/**
 * Derives the knee model's label volume from the SPL Knee Atlas label map (see KNEE_ATLAS_TISSUES in
 * src/anatomy/knee/atlasLabels.ts, and packages/mri/assets/knee/README.md for the method). Pure computation on
 * plain arrays; build-knee.ts reads the files and writes the result.
 */
import type { LabelVolume } from '../../src/anatomy/types.ts';
import { KNEE_ATLAS_TISSUES } from '../../src/anatomy/knee/atlasLabels.ts';
import { chamfer } from './chamfer.ts';
import {
  atlasIndexOf,
  atlasWorld,
  centredVolume,
  closedOutline,
  labelledModelGrid,
  type AtlasVolume,
} from '../atlasGeometry.ts';

/** Model voxel size [mm]: isotropic, about the display pixel of a 160 mm knee FOV at 256 (0.625 mm). */
export const KNEE_MODEL_VOXEL_MM = 0.6;
/** Closing radius that bridges the gaps between the outermost labelled structures into a limb outline [mm]. */
export const HULL_CLOSING_MM = 10;
/**
 * Subcutaneous fat over the knee [mm]: 5–10 mm in lean to average adults on knee MRI and ultrasound; 6 mm is
 * taken everywhere (a simplification: it is thinner over the patella and thicker medially).
 */
export const SUBCUTANEOUS_FAT_MM = 6;
/** Skin (epidermis + dermis) of the leg [mm]: 1–2 mm. */
export const SKIN_MM = 1.5;
/** Cortical shell of the bones near the knee [mm]: subchondral plate and metaphyseal cortex 1–2 mm. */
export const CORTEX_MM = 1.5;
/** Joint fluid: unlabelled voxels within this distance of cartilage or menisci [mm] (a thin physiological film). */
export const FLUID_FILM_MM = 1.2;
/**
 * The suprapatellar recess (bursa), the joint's largest recess, runs up in front of the femur from the patella's
 * upper pole for about 5–7 cm: a fluid layer of this thickness on the anterior femur, from the upper pole up [mm]
 * (a normal knee holds a few millilitres of fluid, mostly here).
 */
export const SUPRAPATELLAR_FLUID_MM = 2.4;
export const SUPRAPATELLAR_HEIGHT_MM = 50;

const T = KNEE_ATLAS_TISSUES.index;

/**
 * Tissue of every model voxel by partial-volume vote: the tissues of 2 × 2 in-plane sub-points (nearest atlas
 * voxel) on the two nearest atlas slices, weighted linearly along z, and the tissue with the largest weight wins.
 * The linear weights interpolate each structure's outline between the 1 mm atlas slices (shape-based
 * interpolation), so borders run smoothly through the finer model grid instead of in 1 mm steps.
 */
function vote(
  atlas: AtlasVolume,
  lookup: ReadonlyMap<number, number>,
  dims: readonly [number, number, number],
  start: readonly number[],
  voxel: number,
): Uint8Array {
  const [ax, ay, az] = atlas.dims;
  const lut = new Uint8Array(65536 + 32768);
  for (const [value, tissue] of lookup) lut[value + 32768] = tissue;
  const index = atlasIndexOf(atlas);
  const [nx, ny, nz] = dims;
  const [sx = 0, sy = 0, sz = 0] = start;
  const out = new Uint8Array(nx * ny * nz);
  const weights = new Float32Array(KNEE_ATLAS_TISSUES.keys.length);
  const sub = [-0.25, 0.25];
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        weights.fill(0);
        for (let b = 0; b < 2; b++)
          for (let a = 0; a < 2; a++) {
            const wx = sx + (x + (sub[a] ?? 0)) * voxel;
            const wy = sy + (y + (sub[b] ?? 0)) * voxel;
            const wz = sz + z * voxel;
            const i = Math.round(index(wx, wy, wz, 0));
            const j = Math.round(index(wx, wy, wz, 1));
            const fk = index(wx, wy, wz, 2);
            if (i < 0 || j < 0 || i >= ax || j >= ay) continue;
            const k0 = Math.floor(fk);
            const t = fk - k0;
            if (k0 >= 0 && k0 < az && t < 1) {
              const label = lut[(atlas.data[(k0 * ay + j) * ax + i] ?? 0) + 32768] ?? 0;
              weights[label] = (weights[label] ?? 0) + 1 - t;
            }
            if (k0 + 1 >= 0 && k0 + 1 < az && t > 0) {
              const label = lut[(atlas.data[((k0 + 1) * ay + j) * ax + i] ?? 0) + 32768] ?? 0;
              weights[label] = (weights[label] ?? 0) + t;
            }
          }
        let best = 0;
        for (let t = 1; t < weights.length; t++) if ((weights[t] ?? 0) > (weights[best] ?? 0)) best = t;
        out[(z * ny + y) * nx + x] = best;
      }
  return out;
}

/** World z [mm] of the highest voxel with label `value` (the patella's upper pole), or undefined when none. */
function topOf(atlas: AtlasVolume, value: number): number | undefined {
  const [nx, ny, nz] = atlas.dims;
  let top: number | undefined;
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (atlas.data[(k * ny + j) * nx + i] !== value) continue;
        const z = atlasWorld(atlas, i, j, k)[2];
        if (top === undefined || z > top) top = z;
      }
  return top;
}

/**
 * Marks the suprapatellar recess: unlabelled voxels inside the limb within SUPRAPATELLAR_FLUID_MM of bone, in front
 * of the femur (anterior of its mean y in the slice), from just above the patella's upper pole (only the femur is
 * bone there) up SUPRAPATELLAR_HEIGHT_MM.
 */
function suprapatellarRecess(
  labels: Uint8Array,
  hull: Uint8Array,
  dims: readonly [number, number, number],
  startZ: number,
  voxel: number,
  patellaTop: number,
): Uint8Array {
  const [nx, ny, nz] = dims;
  const bone = new Uint8Array(labels.length);
  for (let p = 0; p < labels.length; p++) bone[p] = labels[p] === T.marrow ? 1 : 0;
  const fromBone = chamfer(bone, dims);
  const recess = new Uint8Array(labels.length);
  const z0 = Math.max(0, Math.ceil((patellaTop + 1 - startZ) / voxel));
  const z1 = Math.min(nz - 1, Math.floor((patellaTop + SUPRAPATELLAR_HEIGHT_MM - startZ) / voxel));
  for (let z = z0; z <= z1; z++) {
    let sumY = 0;
    let count = 0;
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++)
        if (bone[(z * ny + y) * nx + x]) {
          sumY += y;
          count++;
        }
    if (count === 0) continue;
    const femurY = sumY / count;
    for (let y = 0; y < femurY; y++)
      for (let x = 0; x < nx; x++) {
        const p = (z * ny + y) * nx + x;
        if (!labels[p] && hull[p] && (fromBone[p] ?? Infinity) * voxel <= SUPRAPATELLAR_FLUID_MM)
          recess[p] = 1;
      }
  }
  return recess;
}

/**
 * The knee label volume (tissue indices of KNEE_ATLAS_TISSUES) from the atlas label map and its label → tissue
 * lookup (kneeAtlasLookup), mirrored into a right knee and centred on the joint (the centroid of cartilage and
 * menisci is the LPS origin).
 */
export function deriveKneeVolume(
  atlas: AtlasVolume,
  lookup: ReadonlyMap<number, number>,
  /** The atlas label value of the patella (its upper pole starts the suprapatellar recess); none: no recess. */
  patellaValue?: number,
): LabelVolume {
  const voxel = KNEE_MODEL_VOXEL_MM;
  const margin = SUBCUTANEOUS_FAT_MM + SKIN_MM + 2 * voxel;
  const { start, dims, n } = labelledModelGrid(atlas, 1, margin, voxel);
  const [nx, ny, nz] = dims;
  const labels = vote(atlas, lookup, dims, start, voxel);

  // Limb outline: per axial slice, close the labelled structures (dilate, then erode, by HULL_CLOSING_MM) and fill
  // what the border cannot reach.
  const labelled = new Uint8Array(n);
  for (let p = 0; p < n; p++) labelled[p] = labels[p] ? 1 : 0;
  const hull = closedOutline(labelled, dims, HULL_CLOSING_MM / voxel);

  // Skin and subcutaneous fat outside the outline; fat fills what the atlas leaves unlabelled inside it.
  const fromHull = chamfer(hull, dims, true);
  // Joint fluid: a film on cartilage and menisci where the atlas leaves the joint space unlabelled, and the
  // suprapatellar recess.
  const articular = new Uint8Array(n);
  for (let p = 0; p < n; p++) articular[p] = labels[p] === T.cartilage || labels[p] === T.meniscus ? 1 : 0;
  const fromArticular = chamfer(articular, dims);
  const patellaTop = patellaValue === undefined ? undefined : topOf(atlas, patellaValue);
  const recess =
    patellaTop === undefined
      ? new Uint8Array(n)
      : suprapatellarRecess(labels, hull, dims, start[2] ?? 0, voxel, patellaTop);
  for (let p = 0; p < n; p++) {
    if (labels[p]) continue;
    if (hull[p]) {
      const film = (fromArticular[p] ?? Infinity) * voxel <= FLUID_FILM_MM;
      labels[p] = film || recess[p] ? T.synovialFluid : T.fat;
      continue;
    }
    const d = (fromHull[p] ?? Infinity) * voxel;
    if (d <= SUBCUTANEOUS_FAT_MM) labels[p] = T.fat;
    else if (d <= SUBCUTANEOUS_FAT_MM + SKIN_MM) labels[p] = T.skin;
  }

  // Cortical bone: the outer CORTEX_MM of every bone (atlas bones were mapped to marrow).
  const notBone = new Uint8Array(n);
  for (let p = 0; p < n; p++) notBone[p] = labels[p] === T.marrow ? 0 : 1;
  const depth = chamfer(notBone, dims);
  for (let p = 0; p < n; p++) {
    if (labels[p] === T.marrow && (depth[p] ?? 0) * voxel <= CORTEX_MM) labels[p] = T.corticalBone;
  }

  // Mirror left ↔ right (x → −x): the atlas is a left knee, the model a right knee (its region, coil and place in the
  // whole body). A mirrored left knee is an anatomically valid right knee.
  for (let row = 0; row < ny * nz; row++) labels.subarray(row * nx, (row + 1) * nx).reverse();

  // Centre on the joint: the centroid of cartilage and menisci.
  const sum = [0, 0, 0];
  let count = 0;
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        const l = labels[(z * ny + y) * nx + x];
        if (l !== T.cartilage && l !== T.meniscus) continue;
        sum[0] = (sum[0] ?? 0) + x;
        sum[1] = (sum[1] ?? 0) + y;
        sum[2] = (sum[2] ?? 0) + z;
        count++;
      }
  if (count === 0) throw new Error('the knee atlas has no cartilage or menisci to centre on');
  return centredVolume(
    labels,
    dims,
    voxel,
    sum.map((s) => s / count),
  );
}
