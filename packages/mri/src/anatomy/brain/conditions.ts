import type { TissueKey } from '../../tissue/types.ts';
import type { LabelVolume } from '../types.ts';
import type { BrainCondition } from '../conditions.ts';
import { labelIndexAt } from '../inspect.ts';
import type { LabelAsset } from '../labelAsset.ts';
import { seededRandom } from '../../simulate/noise.ts';
import { classifyVoxels } from '../rasterize.ts';
import { axesAlong, ellipsoid, roughen, sphere } from '../sdf.ts';
import { BRAIN_CONDITION_TISSUES } from './tissues.ts';

/**
 * Brain conditions applied to the Colin27 label volume at load time, procedurally and deterministically.
 * MS: ovoid periventricular white-matter lesions with their long axis perpendicular to the ventricles ("Dawson's
 * fingers"; Filippi et al., Lancet Neurol 2019;18:198–210 — lesions 3 mm to >10 mm). Tumour: a right frontal mass
 * (glioma-like) with a ring of vasogenic oedema spreading through the white matter around it.
 */
interface LesionLoad {
  count: number;
  /** Short and long semi-axis ranges [m]. */
  minRadius: number;
  maxRadius: number;
  elongation: number;
}

const MS_LOAD: Record<'mildMSlesions' | 'moderateMSlesions' | 'severeMSlesions', LesionLoad> = {
  mildMSlesions: { count: 8, minRadius: 0.002, maxRadius: 0.0035, elongation: 1.6 },
  moderateMSlesions: { count: 16, minRadius: 0.0025, maxRadius: 0.0045, elongation: 1.8 },
  severeMSlesions: { count: 36, minRadius: 0.0025, maxRadius: 0.007, elongation: 2.0 },
};

/** Seed of the lesion placement: the same for every load, so a condition always looks the same. */
const LESION_SEED = 0x4d53;
/** Tumour centre in the right frontal white matter (LPS, right = −x, anterior = −y) and radii [m]. */
const TUMOUR_CENTRE: readonly [number, number, number] = [-0.03, -0.028, 0.028];
const TUMOUR_RADIUS = 0.014;
const OEDEMA_RADIUS = 0.027;

/** The label table of a brain model: the asset's tissues followed by the condition tissues. */
export function brainTissues(asset: LabelAsset): TissueKey[] {
  return [...asset.tissues, ...BRAIN_CONDITION_TISSUES.filter((t) => !asset.tissues.includes(t))];
}

/**
 * A copy of the asset's labels with the condition applied. The label table is `brainTissues(asset)` whatever the
 * condition, so tissue indices do not depend on it.
 */
export function applyBrainCondition(asset: LabelAsset, condition: BrainCondition): LabelVolume {
  const tissues = brainTissues(asset);
  const idx = (key: TissueKey): number => tissues.indexOf(key);
  // A copy (not slice(), which is a view for Node Buffers): the asset is shared between conditions.
  const volume: LabelVolume = { ...asset.volume, labels: new Uint8Array(asset.volume.labels) };
  const grid = asset.volume;
  if (condition === 'healthy') return volume;
  const wm = idx('whiteMatter');
  const csf = idx('csf');
  if (condition === 'tumor') {
    const oedema = roughen(sphere(TUMOUR_CENTRE, OEDEMA_RADIUS), 0.005, 0.012, LESION_SEED + 1);
    classifyVoxels(grid, volume.labels, oedema, (d) => (d < 0 ? idx('oedema') : -1), [wm]);
    const mass = roughen(sphere(TUMOUR_CENTRE, TUMOUR_RADIUS), 0.002, 0.008, LESION_SEED + 2);
    const tumourLabels = [wm, idx('greyMatter'), idx('deepGreyMatter'), idx('oedema'), csf];
    classifyVoxels(grid, volume.labels, mass, (d) => (d < 0 ? idx('tumour') : -1), tumourLabels);
    return volume;
  }
  const load = MS_LOAD[condition];
  const random = seededRandom(LESION_SEED);
  let placed = 0;
  // Candidate centres in the periventricular box (LPS [m]); accepted when in white matter with ventricular CSF
  // within 10 mm towards the midline.
  for (let attempt = 0; attempt < 20000 && placed < load.count; attempt++) {
    const x = (random() * 2 - 1) * 0.032;
    const y = -0.035 + random() * 0.07;
    const z = 0.0 + random() * 0.035;
    if (labelIndexAt(volume, [x, y, z]) !== wm) continue;
    let nearVentricle = false;
    for (let s = 0.002; s <= 0.01 && !nearVentricle; s += 0.001) {
      nearVentricle = labelIndexAt(volume, [x - Math.sign(x) * s, y, z]) === csf;
    }
    if (!nearVentricle) continue;
    const r = load.minRadius + random() * (load.maxRadius - load.minRadius);
    // Long axis away from the ventricle (lateral and upward), perpendicular to its wall.
    const axes = axesAlong([Math.sign(x), 0, 0.6 + random()], [0, 1, 0]);
    const lesion = ellipsoid([x, y, z], [r, r, r * load.elongation], axes);
    classifyVoxels(grid, volume.labels, lesion, (d) => (d < 0 ? idx('msLesion') : -1), [wm]);
    placed++;
  }
  return volume;
}
