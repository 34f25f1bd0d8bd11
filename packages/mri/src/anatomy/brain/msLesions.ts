import type { Meters, Vec3 } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { labelIndexAt } from '../inspect.ts';
import { seededRandom } from '../../simulate/noise.ts';
import { classifyVoxels } from '../rasterize.ts';
import { axesAlong, normalise } from '../sdf.ts';
import { irregularBlob } from '../lesionShapes.ts';

/**
 * Multiple-sclerosis lesions placed on a brain label volume, deterministically. Lesions are irregular ovoids of
 * 3 mm to over 10 mm (Filippi et al., Lancet Neurol 2019;18:198–210; the MAGNIMS 2016 criteria count lesions
 * ≥ 3 mm, Filippi et al., Lancet Neurol 2016;15:292): periventricular ones touch the lateral ventricles with their
 * long axis perpendicular to the ventricular wall, along the medullary veins ("Dawson's fingers"); juxtacortical
 * ones abut the cortex. The grades of the spec's brain conditions differ in count and size.
 */
export type MsGrade = 'mildMSlesions' | 'moderateMSlesions' | 'severeMSlesions';

export interface MsLoad {
  periventricular: number;
  juxtacortical: number;
  /** Range of the long-axis length (diameter) [m]. */
  minLength: Meters;
  maxLength: Meters;
}

export const MS_LOADS: Readonly<Record<MsGrade, MsLoad>> = {
  mildMSlesions: { periventricular: 5, juxtacortical: 2, minLength: 0.003, maxLength: 0.008 },
  moderateMSlesions: { periventricular: 12, juxtacortical: 6, minLength: 0.004, maxLength: 0.012 },
  severeMSlesions: { periventricular: 30, juxtacortical: 12, minLength: 0.005, maxLength: 0.018 },
};

/** One planned lesion: centre, unit long axis, long-axis length and short-axis width [m]. */
export interface MsLesion {
  kind: 'periventricular' | 'juxtacortical';
  centre: Vec3;
  axis: Vec3;
  length: Meters;
  width: Meters;
  seed: number;
}

export interface MsLabels {
  whiteMatter: number;
  greyMatter: number;
  csf: number;
  msLesion: number;
}

const SEED = 0x4d53;
/** Narrowest short axis [m]: a lesion is at least about two voxels of a 1 mm model across. */
const MIN_WIDTH: Meters = 0.002;
/** Search directions: the 26 neighbours of a voxel, normalised. */
const DIRECTIONS: readonly Vec3[] = (() => {
  const out: Vec3[] = [];
  for (let a = -1; a <= 1; a++)
    for (let b = -1; b <= 1; b++)
      for (let c = -1; c <= 1; c++) if (a || b || c) out.push(normalise([a, b, c]));
  return out;
})();

/** The nearest direction (of DIRECTIONS) in which `label` lies within `reach` [m] of `p`, and its distance. */
function nearest(
  volume: LabelVolume,
  p: Vec3,
  label: number,
  reach: Meters,
): { dir: Vec3; distance: Meters } | undefined {
  const step = Math.min(...volume.voxelSize);
  for (let s = step; s <= reach; s += step) {
    for (const d of DIRECTIONS) {
      if (labelIndexAt(volume, [p[0] + d[0] * s, p[1] + d[1] * s, p[2] + d[2] * s]) === label)
        return { dir: d, distance: s };
    }
  }
  return undefined;
}

/** Periventricular box (LPS [m]) around the lateral ventricles, and the white-matter box for juxtacortical ones. */
const PERIVENTRICULAR_BOX: readonly [Vec3, Vec3] = [
  [-0.032, -0.035, 0],
  [0.032, 0.035, 0.035],
];
const JUXTACORTICAL_BOX: readonly [Vec3, Vec3] = [
  [-0.06, -0.07, -0.01],
  [0.06, 0.06, 0.06],
];

/** The lesions of a grade on this volume (deterministic: the same volume gives the same plan). */
export function planMsLesions(volume: LabelVolume, grade: MsGrade, l: MsLabels): MsLesion[] {
  const load = MS_LOADS[grade];
  const random = seededRandom(SEED);
  const lesions: MsLesion[] = [];
  const size = (): { length: Meters; width: Meters } => {
    const length = load.minLength + random() * (load.maxLength - load.minLength);
    return { length, width: Math.max(MIN_WIDTH, length / (1.4 + random() * 0.6)) };
  };
  const inBox = (box: readonly [Vec3, Vec3]): Vec3 => [
    box[0][0] + random() * (box[1][0] - box[0][0]),
    box[0][1] + random() * (box[1][1] - box[0][1]),
    box[0][2] + random() * (box[1][2] - box[0][2]),
  ];
  let placed = 0;
  for (let attempt = 0; attempt < 20000 && placed < load.periventricular; attempt++) {
    const p = inBox(PERIVENTRICULAR_BOX);
    if (labelIndexAt(volume, p) !== l.whiteMatter) continue;
    const wall = nearest(volume, p, l.csf, 0.008);
    if (!wall) continue;
    const { length, width } = size();
    // Long axis away from the ventricle, perpendicular to its wall; the inner end touches the wall.
    const axis: Vec3 = [-wall.dir[0], -wall.dir[1], -wall.dir[2]];
    const back = wall.distance - length / 2;
    const centre: Vec3 = [p[0] - axis[0] * back, p[1] - axis[1] * back, p[2] - axis[2] * back];
    if (labelIndexAt(volume, centre) !== l.whiteMatter) continue;
    lesions.push({ kind: 'periventricular', centre, axis, length, width, seed: SEED + 16 * lesions.length });
    placed++;
  }
  placed = 0;
  for (let attempt = 0; attempt < 20000 && placed < load.juxtacortical; attempt++) {
    const p = inBox(JUXTACORTICAL_BOX);
    if (labelIndexAt(volume, p) !== l.whiteMatter) continue;
    const cortex = nearest(volume, p, l.greyMatter, 0.003);
    if (!cortex) continue;
    const { length, width } = size();
    // Abutting the cortex, elongated along the U-fibres beneath it (perpendicular to the way to the cortex).
    const axes = axesAlong(cortex.dir, [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1]);
    const axis = axes[0];
    lesions.push({ kind: 'juxtacortical', centre: p, axis, length, width, seed: SEED + 16 * lesions.length });
    placed++;
  }
  return lesions;
}

/** Paints the lesions of `grade` into `volume` (in place, white matter only) and returns the plan. */
export function paintMsLesions(volume: LabelVolume, grade: MsGrade, l: MsLabels): MsLesion[] {
  const lesions = planMsLesions(volume, grade, l);
  for (const lesion of lesions) {
    const shape = irregularBlob({
      centre: lesion.centre,
      radii: [lesion.width / 2, lesion.width / 2, lesion.length / 2],
      axes: axesAlong(lesion.axis),
      lobes: 2,
      roughness: 0.25,
      seed: lesion.seed,
    });
    classifyVoxels(volume, volume.labels, shape, (d) => (d < 0 ? l.msLesion : -1), [
      l.whiteMatter,
      l.msLesion,
    ]);
  }
  return lesions;
}
