import type { Meters } from '../../units.ts';
import type { LabelAsset } from '../labelAsset.ts';
import type { LabelVolume } from '../types.ts';
import { ABDOMEN_ATLAS_TISSUES } from './atlasLabels.ts';

/**
 * The atlas abdomen (model 5) in a breathing state, and the lumbar spine (model 4) cut from it. Breathing moves
 * the abdominal contents head-to-foot with the diaphragm, most under the dome and less further down: in deep
 * breathing the pancreas and kidneys move about three quarters as far as the liver (Suramo I, Päivänsalo M,
 * Myllylä V, Acta Radiol Diagn 1984;25:129–131) [M]. The displacement is the diaphragm's (body/state.ts
 * diaphragmShift) at the liver dome, falling linearly to 0 at BREATHING_TAPER_MM below it (so ≈ 0.6–0.7 at the
 * kidneys and pancreas); the lung bases follow the dome. Body wall, spine, canal and muscles stay put.
 */
export const BREATHING_TAPER_MM = 250;

const T = ABDOMEN_ATLAS_TISSUES.index;
/** Tissues that move with the diaphragm (inside the abdominal cavity) and the lung bases above them. */
const MOBILE = new Set<number>([
  T.liver,
  T.spleen,
  T.pancreas,
  T.kidneyCortex,
  T.kidneyMedulla,
  T.urine,
  T.adrenal,
  T.bile,
  T.bowel,
  T.bowelContent,
  T.bowelGas,
  T.visceralFat,
  T.blood,
  T.venousBlood,
  T.lung,
]);

/** The asset's volume, after checking it was derived with the atlas abdomen's tissue table. */
export function abdomenAtlasVolume(asset: LabelAsset): LabelVolume {
  if (asset.tissues.join('\n') !== ABDOMEN_ATLAS_TISSUES.keys.join('\n')) {
    throw new Error(
      'the abdomen asset was derived with another tissue table: rebuild it (npm run build:anatomy)',
    );
  }
  return asset.volume;
}

/** Highest z index holding `label`, or −1. */
function topOf(volume: LabelVolume, label: number): number {
  const [nx, ny, nz] = volume.dims;
  for (let z = nz - 1; z >= 0; z--) {
    const slice = volume.labels.subarray(z * nx * ny, (z + 1) * nx * ny);
    if (slice.includes(label)) return z;
  }
  return -1;
}

/**
 * Where the tissue now at `z` came from [voxels]: a point at z_s moves by d·w(z_s), w = 1 above the dome and
 * 1 − (dome − z_s)/taper below it (0 under the taper), so z = z_s + d·w(z_s) is inverted piece by piece.
 */
export function sourceZ(z: number, d: number, dome: number, taper: number): number {
  const above = z - d;
  if (above >= dome) return above;
  // z = z_s + d·(1 − (dome − z_s)/taper)  ⇒  z_s = (z − d·(1 − dome/taper)) / (1 + d/taper).
  const linear = (z - d * (1 - dome / taper)) / (1 + d / taper);
  return linear >= dome - taper ? linear : z;
}

/**
 * The abdomen with its contents shifted by `diaphragmShift` [m] along z (negative: towards the feet, inspiration)
 * at the liver dome, tapering below. 0 gives the volume itself (end-expiration, as the atlas was drawn).
 */
export function breatheAbdomen(volume: LabelVolume, diaphragmShift: Meters): LabelVolume {
  if (diaphragmShift === 0) return volume;
  const [nx, ny, nz] = volume.dims;
  const voxel = volume.voxelSize[2];
  const dome = topOf(volume, T.liver);
  if (dome < 0) return volume;
  const taper = BREATHING_TAPER_MM / 1000 / voxel;
  const labels = new Uint8Array(volume.labels);
  const d = diaphragmShift / voxel;
  for (let z = 0; z < nz; z++) {
    const from = Math.min(nz - 1, Math.max(0, Math.round(sourceZ(z, d, dome, taper))));
    if (from === z) continue;
    for (let q = 0; q < nx * ny; q++) {
      const p = z * nx * ny + q;
      if (!MOBILE.has(volume.labels[p] ?? 0)) continue;
      const source = volume.labels[from * nx * ny + q] ?? 0;
      labels[p] = MOBILE.has(source) ? source : T.visceralFat;
    }
  }
  return { ...volume, labels };
}

/** Lumbar spine box around L1–S1 [m]: half-widths left-right and front-back, and head-foot. */
export const SPINE_HALF: readonly [Meters, Meters, Meters] = [0.1, 0.1, 0.13];
/** The region centre above the L5–S1 disc [m]: half of L1–S1 (five lumbar levels of ≈ 31 mm in the model). */
export const SPINE_CENTRE_ABOVE_L5S1: Meters = 0.08;

/**
 * The lumbar spine (model 4): a box of the atlas abdomen around L1–S1, centred on the lumbar discs left-right and
 * front-back and SPINE_CENTRE_ABOVE_L5S1 above the lowest disc (L5–S1), with that centre as the origin.
 */
export function lumbarSpineVolume(abdomen: LabelVolume): LabelVolume {
  const [nx, ny, nz] = abdomen.dims;
  let sx = 0;
  let sy = 0;
  let count = 0;
  let low = nz;
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        if (abdomen.labels[(z * ny + y) * nx + x] !== T.discNucleus) continue;
        sx += x;
        sy += y;
        count++;
        low = Math.min(low, z);
      }
  if (count === 0) throw new Error('the abdomen asset has no intervertebral discs to centre the spine on');
  const voxel = abdomen.voxelSize;
  const centre = [sx / count, sy / count, low + SPINE_CENTRE_ABOVE_L5S1 / voxel[2]];
  const lo = [0, 1, 2].map((a) =>
    Math.max(0, Math.round((centre[a] ?? 0) - (SPINE_HALF[a] ?? 0) / (voxel[a] ?? 1))),
  );
  const hi = [0, 1, 2].map((a) =>
    Math.min(
      (abdomen.dims[a] ?? 1) - 1,
      Math.round((centre[a] ?? 0) + (SPINE_HALF[a] ?? 0) / (voxel[a] ?? 1)),
    ),
  );
  const [x0 = 0, y0 = 0, z0 = 0] = lo;
  const dims = [0, 1, 2].map((a) => (hi[a] ?? 0) - (lo[a] ?? 0) + 1) as [number, number, number];
  const labels = new Uint8Array(dims[0] * dims[1] * dims[2]);
  for (let z = 0; z < dims[2]; z++)
    for (let y = 0; y < dims[1]; y++) {
      const from = ((z + z0) * ny + y + y0) * nx + x0;
      labels.set(abdomen.labels.subarray(from, from + dims[0]), (z * dims[1] + y) * dims[0]);
    }
  return {
    dims,
    voxelSize: abdomen.voxelSize,
    origin: [0, 1, 2].map((a) => ((lo[a] ?? 0) - (centre[a] ?? 0)) * (voxel[a] ?? 0)) as [
      number,
      number,
      number,
    ],
    labels,
  };
}
