/**
 * The spinal canal of the atlas abdomen, which the atlas leaves unlabelled: found as the hole that each vertebra's
 * ring (body, pedicles, laminae) encloses in the axial slices through it, its centre interpolated between those
 * slices (at the discs the ring is open), and drawn as an ellipse of the holes' median area (the lumbar canal is
 * wider than deep: AP ≈ 0.75 × LR, Hinck et al., Radiology 1966;86:447 [~]). The cord runs in it down to the conus
 * medullaris at L1–L2 (the adult level; Soleiman et al., Spine 2005;30:1875 [~]) and CSF fills the rest.
 */
import { enclosedBySlice } from '../distance.ts';

/** The lower thoracic cord and conus [mm]: about 8–9 mm left-right by 6–7 mm front-back [~]. */
export const CORD_HALF_LR_MM = 4.3;
export const CORD_HALF_AP_MM = 3.3;
/** The cord tapers to the conus tip over this length [mm]. */
export const CONUS_TAPER_MM = 20;
/** The smallest hole taken for the canal [mm²] (smaller holes are gaps in the segmentation). */
const MIN_HOLE_MM2 = 40;
const CANAL_AP_TO_LR = 0.75;

export interface CanalMarks {
  /** 1 where the canal is (CSF or cord). */
  canal: Uint8Array;
  /** 1 where the cord is (inside the canal). */
  cord: Uint8Array;
}

/**
 * Canal and cord masks on a grid `dims` (x fastest, z up) with `voxel` [mm] spacing: `vertebra` marks vertebra
 * voxels, `free` the voxels the canal may take (unlabelled ones), `conusZ` the grid z (voxels) of the conus tip.
 */
export function spinalCanal(
  vertebra: Uint8Array,
  free: Uint8Array,
  dims: readonly [number, number, number],
  voxel: number,
  conusZ: number,
): CanalMarks {
  const [nx, ny, nz] = dims;
  const open = new Uint8Array(vertebra.length);
  for (let p = 0; p < open.length; p++) open[p] = vertebra[p] ? 0 : 1;
  const enclosed = enclosedBySlice(open, dims);
  const rows: { z: number; cx: number; cy: number; area: number }[] = [];
  let zLow = nz;
  let zHigh = -1;
  for (let z = 0; z < nz; z++) {
    let count = 0;
    let sx = 0;
    let sy = 0;
    let bone = 0;
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        const p = (z * ny + y) * nx + x;
        if (vertebra[p]) bone++;
        if (!enclosed[p] || vertebra[p] || !free[p]) continue;
        count++;
        sx += x;
        sy += y;
      }
    if (bone > 0) {
      zLow = Math.min(zLow, z);
      zHigh = Math.max(zHigh, z);
    }
    const area = count * voxel * voxel;
    if (area >= MIN_HOLE_MM2) rows.push({ z, cx: sx / count, cy: sy / count, area });
  }
  if (rows.length === 0) throw new Error('no vertebral canal found in the abdominal atlas');
  const areas = rows.map((r) => r.area).sort((a, b) => a - b);
  const area = areas[Math.floor(areas.length / 2)] ?? 0;
  const halfLr = Math.sqrt(area / (Math.PI * CANAL_AP_TO_LR)) / voxel;
  const halfAp = halfLr * CANAL_AP_TO_LR;
  const canal = new Uint8Array(vertebra.length);
  const cord = new Uint8Array(vertebra.length);
  for (let z = zLow; z <= zHigh; z++) {
    // Centre: linear between the nearest rows below and above (the end rows beyond them).
    let below = rows[0];
    let above = rows[rows.length - 1];
    for (const r of rows) {
      if (r.z <= z) below = r;
      if (r.z >= z) {
        above = r;
        break;
      }
    }
    if (!below || !above) continue;
    const t = above.z === below.z ? 0 : (z - below.z) / (above.z - below.z);
    const cx = below.cx + t * (above.cx - below.cx);
    const cy = below.cy + t * (above.cy - below.cy);
    const taper = Math.min(1, Math.max(0, ((z - conusZ) * voxel) / CONUS_TAPER_MM));
    const cordLr = (CORD_HALF_LR_MM * Math.sqrt(taper)) / voxel;
    const cordAp = (CORD_HALF_AP_MM * Math.sqrt(taper)) / voxel;
    for (let y = Math.floor(cy - halfAp - 1); y <= Math.ceil(cy + halfAp + 1); y++)
      for (let x = Math.floor(cx - halfLr - 1); x <= Math.ceil(cx + halfLr + 1); x++) {
        if (x < 0 || y < 0 || x >= nx || y >= ny) continue;
        const p = (z * ny + y) * nx + x;
        const u = (x - cx) / halfLr;
        const v = (y - cy) / halfAp;
        if (u * u + v * v > 1 || !free[p]) continue;
        canal[p] = 1;
        if (taper > 0) {
          const a = (x - cx) / cordLr;
          const b = (y - cy) / cordAp;
          if (a * a + b * b <= 1) cord[p] = 1;
        }
      }
  }
  return { canal, cord };
}
