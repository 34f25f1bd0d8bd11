/**
 * Derives the abdomen's label volume (tissue indices of ABDOMEN_ATLAS_TISSUES) from the SPL Abdominal Atlas label
 * map (see packages/mri/assets/abdomen/README.md for the method and its sources). Pure computation on plain
 * arrays; build-abdomen.ts reads the files and writes the result.
 */
import type { LabelVolume } from '../../src/anatomy/types.ts';
import { ABDOMEN_ATLAS_TISSUES, type AbdomenAtlasLabel } from '../../src/anatomy/abdomen/atlasLabels.ts';
import { chamfer } from '../knee/chamfer.ts';
import { spinalCanal } from './canal.ts';
import { shapeVoteClasses } from './shapeVote.ts';
import {
  atlasBounds,
  centredVolume,
  closedOutline,
  labelledModelGrid,
  type AtlasVolume,
} from '../atlasGeometry.ts';

/**
 * The atlas subject is small: its liver (≈ 240 ml), spleen (≈ 17 ml), kidneys (≈ 47 ml each) and lumbar levels
 * (≈ 18 mm from disc to disc) are a child's. The model scales it uniformly by this factor to an adult (liver
 * ≈ 1.2 l, kidneys ≈ 230 ml, lumbar level ≈ 31 mm, trunk ≈ 35 cm wide), keeping every shape.
 */
export const ATLAS_SCALE = 1.7;
/** Model voxel [mm]: isotropic, about the atlas's in-plane voxel once scaled (0.94 mm × 1.7). */
export const ABDOMEN_MODEL_VOXEL_MM = 1.6;
/** Closing radius bridging the gaps between the outermost labelled structures into a trunk outline [mm]. */
export const HULL_CLOSING_MM = 20;
/** Abdominal subcutaneous fat [mm]: 10–40 mm in adults on CT and MRI; 18 mm is taken everywhere [~]. */
export const SUBCUTANEOUS_FAT_MM = 18;
/** Skin of the trunk [mm]: 2 mm [~]. */
export const SKIN_MM = 2;
/** Cortical shell of vertebrae, ribs and pelvis [mm]: thin, 0.5–1.5 mm; one model voxel [~]. */
export const CORTEX_MM = 1.6;
/**
 * Fatty (yellow) marrow along the vertebral end plates [mm]: the band-like pattern of adult vertebrae (Ricci et
 * al., Radiology 1990;177:83–88, pattern 2) [M].
 */
export const ENDPLATE_FAT_MM = 3.2;
/** Renal cortex [mm]: 7–10 mm in adults [~]; what lies deeper is medulla (pyramids and columns, averaged). */
export const RENAL_CORTEX_MM = 7;
/** Nucleus pulposus: disc voxels deeper than this from the disc's rim in the axial plane [mm] [~]. */
export const NUCLEUS_INSET_MM = 8;
/** Wall of distended stomach and bowel [mm]: 2–3 mm [~]; the lumen inside holds content and gas. */
export const BOWEL_WALL_MM = 3.2;
/** Gas rises anteriorly (supine): the front fraction of each lumen run front to back [~]. */
export const GAS_FRACTION = { stomach: 0.25, colon: 0.35 } as const;
/** Lumen runs shorter than this are fluid only (collapsed small-bowel loops hold no gas) [mm]. */
const GAS_MIN_RUN_MM = 8;
/** Lung bases reach this far below the liver dome, in the costophrenic recesses [mm] [~]. */
export const LUNG_BASE_DEPTH_MM = 60;
/** Diaphragm: muscle this thick between lung bases and the organs below [mm]: 3–5 mm [~]. */
export const DIAPHRAGM_MM = 4;

const T = ABDOMEN_ATLAS_TISSUES.index;
const N_TISSUES = ABDOMEN_ATLAS_TISSUES.keys.length;
/** Classes the vote uses beyond the tissues: roles the derivation refines. */
const C = { vertebra: N_TISSUES, stomach: N_TISSUES + 1, colon: N_TISSUES + 2 } as const;
const ORGAN_TISSUES = new Set<number>([
  T.liver,
  T.spleen,
  T.pancreas,
  T.kidneyCortex,
  T.adrenal,
  T.bile,
  T.urine,
  C.stomach,
  C.colon,
]);

export interface DeriveInput {
  atlas: AtlasVolume;
  lookup: ReadonlyMap<number, AbdomenAtlasLabel>;
  /** Atlas value of the L1–L2 disc (the conus medullaris ends at its level). */
  conusDiscValue: number;
}

/**
 * Evens the gas–fluid boundary (decided front to back, line by line) by a 3 × 3 × 3 majority among lumen voxels,
 * twice, so that neighbouring lines agree and the level runs smoothly instead of in streaks.
 */
function smoothGas(labels: Uint8Array, dims: readonly [number, number, number]): void {
  const [nx, ny, nz] = dims;
  for (let pass = 0; pass < 2; pass++) {
    const before = labels.slice();
    for (let z = 1; z < nz - 1; z++)
      for (let y = 1; y < ny - 1; y++)
        for (let x = 1; x < nx - 1; x++) {
          const p = (z * ny + y) * nx + x;
          if (before[p] !== T.bowelGas && before[p] !== T.bowelContent) continue;
          let gas = 0;
          let lumen = 0;
          for (let dz = -1; dz <= 1; dz++)
            for (let dy = -1; dy <= 1; dy++)
              for (let dx = -1; dx <= 1; dx++) {
                const l = before[p + (dz * ny + dy) * nx + dx];
                if (l === T.bowelGas) gas++;
                if (l === T.bowelGas || l === T.bowelContent) lumen++;
              }
          labels[p] = 2 * gas > lumen ? T.bowelGas : T.bowelContent;
        }
  }
}

/** World z [mm, atlas] of the centroid of the voxels with `value`. */
function centroidZ(atlas: AtlasVolume, value: number): number {
  const [lo, hi] = atlasBounds(atlas, (v) => v === value);
  if (!Number.isFinite(lo[2])) throw new Error(`the abdominal atlas has no voxel of label ${value}`);
  return ((lo[2] ?? 0) + (hi[2] ?? 0)) / 2;
}

/** The abdomen label volume from the atlas, centred on the kidneys (the abdomen's isocentre). */
export function deriveAbdomenVolume({ atlas, lookup, conusDiscValue }: DeriveInput): LabelVolume {
  const voxel = ABDOMEN_MODEL_VOXEL_MM;
  const S = ATLAS_SCALE;
  const margin = SUBCUTANEOUS_FAT_MM + SKIN_MM + 2 * voxel;
  const { start, dims, n } = labelledModelGrid(atlas, S, margin, voxel);
  const [nx, ny, nz] = dims;
  const classOf = new Map<number, number>();
  for (const [value, label] of lookup) {
    const tissue = (T as Readonly<Record<string, number>>)[label.tissue] ?? 0;
    classOf.set(
      value,
      label.role === 'vertebra' || label.role === 'stomach' || label.role === 'colon'
        ? C[label.role]
        : tissue,
    );
  }
  const labels = shapeVoteClasses(atlas, classOf, { dims, start, voxel, scale: S });
  const mask = (test: (l: number) => boolean): Uint8Array => {
    const m = new Uint8Array(n);
    for (let p = 0; p < n; p++) m[p] = test(labels[p] ?? 0) ? 1 : 0;
    return m;
  };
  const mm = (d: number | undefined): number => (d ?? Infinity) * voxel;

  // Trunk outline: per axial slice, close the labelled structures and fill what the border cannot reach.
  const hull = closedOutline(
    mask((l) => l !== 0),
    dims,
    HULL_CLOSING_MM / voxel,
  );

  // Spinal canal, cord and CSF.
  const conusZ = Math.round((centroidZ(atlas, conusDiscValue) * S - (start[2] ?? 0)) / voxel);
  const { canal, cord } = spinalCanal(
    mask((l) => l === C.vertebra),
    mask((l) => l === 0),
    dims,
    voxel,
    conusZ,
  );
  for (let p = 0; p < n; p++) if (canal[p]) labels[p] = cord[p] ? T.spinalCord : T.csf;

  // Lung bases above the organs, below the ribs, down to LUNG_BASE_DEPTH_MM under the liver dome; the diaphragm
  // between them and the organs.
  let dome = -1;
  for (let p = 0; p < n; p++) if (labels[p] === T.liver) dome = Math.max(dome, Math.floor(p / (nx * ny)));
  if (dome < 0) throw new Error('the abdominal atlas has no liver');
  const lungFloor = dome - Math.round(LUNG_BASE_DEPTH_MM / voxel);
  for (let y = 0; y < ny; y++)
    for (let x = 0; x < nx; x++) {
      let top = -1;
      for (let z = nz - 1; z >= 0 && top < 0; z--)
        if (ORGAN_TISSUES.has(labels[(z * ny + y) * nx + x] ?? 0)) top = z;
      if (top < 0) continue;
      for (let z = Math.max(top + 1, lungFloor); z < nz; z++) {
        const p = (z * ny + y) * nx + x;
        if (labels[p] === 0 && hull[p]) labels[p] = T.lung;
      }
    }
  const fromOrgan = chamfer(
    mask((l) => ORGAN_TISSUES.has(l)),
    dims,
  );
  for (let p = 0; p < n; p++)
    if (labels[p] === T.lung && mm(fromOrgan[p]) <= DIAPHRAGM_MM) labels[p] = T.muscle;

  // Bowel and stomach: wall, then content with gas in front.
  const fromNotBowel = chamfer(
    mask((l) => l !== C.stomach && l !== C.colon),
    dims,
  );
  for (let z = 0; z < nz; z++)
    for (let x = 0; x < nx; x++) {
      let y = 0;
      while (y < ny) {
        const p = (z * ny + y) * nx + x;
        const l = labels[p] ?? 0;
        const lumen = (q: number): boolean => labels[q] === l && mm(fromNotBowel[q]) > BOWEL_WALL_MM;
        if ((l !== C.stomach && l !== C.colon) || !lumen(p)) {
          y++;
          continue;
        }
        let y1 = y;
        while (y1 < ny && lumen((z * ny + y1) * nx + x)) y1++;
        const run = y1 - y;
        const gas =
          run * voxel >= GAS_MIN_RUN_MM
            ? Math.round(run * GAS_FRACTION[l === C.stomach ? 'stomach' : 'colon'])
            : 0;
        // Anterior is −y (LPS): the run's first voxels.
        for (let k = y; k < y1; k++)
          labels[(z * ny + k) * nx + x] = k - y < gas ? T.bowelGas : T.bowelContent;
        y = y1;
      }
    }
  for (let p = 0; p < n; p++) if (labels[p] === C.stomach || labels[p] === C.colon) labels[p] = T.bowel;
  smoothGas(labels, dims);

  // Kidneys: cortex outside, medulla inside. Discs: annulus rim, nucleus inside.
  const fromNotKidney = chamfer(
    mask((l) => l !== T.kidneyCortex),
    dims,
  );
  const discRim = chamfer(
    mask((l) => l !== T.discAnnulus),
    dims,
    true,
  );
  for (let p = 0; p < n; p++) {
    if (labels[p] === T.kidneyCortex && mm(fromNotKidney[p]) > RENAL_CORTEX_MM) labels[p] = T.kidneyMedulla;
    if (labels[p] === T.discAnnulus && mm(discRim[p]) > NUCLEUS_INSET_MM) labels[p] = T.discNucleus;
  }

  // Bones: cortical shell; vertebrae with fatty marrow along the end plates.
  const fromNotBone = chamfer(
    mask((l) => l !== T.vertebralMarrow && l !== C.vertebra),
    dims,
  );
  const fromDisc = chamfer(
    mask((l) => l === T.discAnnulus || l === T.discNucleus),
    dims,
  );
  for (let p = 0; p < n; p++) {
    const l = labels[p];
    if (l !== T.vertebralMarrow && l !== C.vertebra) continue;
    if (mm(fromNotBone[p]) <= CORTEX_MM) labels[p] = T.corticalBone;
    else if (l === C.vertebra) labels[p] = mm(fromDisc[p]) <= ENDPLATE_FAT_MM ? T.marrow : T.vertebralMarrow;
  }

  // Fat: inside the outline, visceral where an organ is nearer than the body wall (muscle, bone), else the fat of
  // the wall; outside it, subcutaneous fat and skin.
  const fromWall = chamfer(
    mask((l) => l === T.muscle || l === T.corticalBone),
    dims,
  );
  const fromViscus = chamfer(
    mask((l) => ORGAN_TISSUES.has(l) || l === T.bowel || l === T.bowelContent),
    dims,
  );
  const fromHull = chamfer(hull, dims, true);
  for (let p = 0; p < n; p++) {
    if (labels[p]) continue;
    if (hull[p]) {
      labels[p] = (fromViscus[p] ?? Infinity) < (fromWall[p] ?? Infinity) ? T.visceralFat : T.fat;
      continue;
    }
    const d = mm(fromHull[p]);
    if (d <= SUBCUTANEOUS_FAT_MM) labels[p] = T.fat;
    else if (d <= SUBCUTANEOUS_FAT_MM + SKIN_MM) labels[p] = T.skin;
  }

  // Centre: left-right and front-back on the trunk outline, head-foot on the kidneys.
  const sum = [0, 0, 0];
  const count = [0, 0];
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        const p = (z * ny + y) * nx + x;
        if (hull[p]) {
          sum[0] = (sum[0] ?? 0) + x;
          sum[1] = (sum[1] ?? 0) + y;
          count[0] = (count[0] ?? 0) + 1;
        }
        if (labels[p] === T.kidneyCortex || labels[p] === T.kidneyMedulla) {
          sum[2] = (sum[2] ?? 0) + z;
          count[1] = (count[1] ?? 0) + 1;
        }
      }
  if (!count[0] || !count[1]) throw new Error('the abdominal atlas has no trunk or no kidneys to centre on');
  const centre = [(sum[0] ?? 0) / count[0], (sum[1] ?? 0) / count[0], (sum[2] ?? 0) / count[1]];
  return centredVolume(labels, dims, voxel, centre);
}
