import type { Meters, Vec3 } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { classifyVoxels } from '../rasterize.ts';
import { intersect, offset } from '../sdf.ts';
import { irregularBlob } from '../lesionShapes.ts';
import { paintTumourHaemorrhage, planHaemorrhageFoci, type HaemorrhageFocus } from './tumourHaemorrhage.ts';

/**
 * A high-grade glioma in the right frontal white matter, as it looks on MR (e.g. Osborn's Brain, 2nd ed., ch. 16,
 * glioblastoma): an irregular, lobulated enhancing rim of viable tumour around a necrotic core, vasogenic oedema
 * spreading through the surrounding white matter in finger-like extensions (it follows the fibres and spares the
 * cortex), slight mass effect that pushes the neighbouring brain and ventricle away, and a few small haemorrhages
 * at the border of core and rim (tumourHaemorrhage.ts).
 */

/** Labels the tumour reads and paints. */
export interface TumourLabels {
  whiteMatter: number;
  greyMatter: number;
  deepGreyMatter: number;
  csf: number;
  tumour: number;
  necrosis: number;
  oedema: number;
  haemorrhage: number;
}

/** Centre in the right frontal white matter (LPS: right = −x, anterior = −y) [m]. */
export const TUMOUR_CENTRE: Vec3 = [-0.03, -0.028, 0.028];
/** Semi-axes of the enhancing mass and of the oedema around it [m]. */
export const TUMOUR_MASS_RADII: Vec3 = [0.015, 0.013, 0.014];
const OEDEMA_RADII: Vec3 = [0.022, 0.03, 0.026];
/** The necrotic core: about two thirds of the mass across, its wall (the rim) at least this thick [m]. */
const CORE_SCALE = 0.68;
/** Centre of the necrotic core, a little off the mass's [m]. */
export const TUMOUR_CORE_CENTRE: Vec3 = [
  TUMOUR_CENTRE[0] + 0.002,
  TUMOUR_CENTRE[1] - 0.001,
  TUMOUR_CENTRE[2] + 0.001,
];
const MIN_RIM: Meters = 0.0015;
/** Mass effect: displacement at the tumour's surface, and the distance at which it has faded to zero [m]. */
export const MASS_EFFECT_PUSH: Meters = 0.004;
export const MASS_EFFECT_REACH: Meters = 0.06;
const SEED = 0x7475;
/** The tumour's haemorrhages (tumourHaemorrhage.ts), at the border of the necrotic core and the rim. */
export const TUMOUR_HAEMORRHAGE_FOCI: readonly HaemorrhageFocus[] = planHaemorrhageFoci(
  TUMOUR_CORE_CENTRE,
  TUMOUR_MASS_RADII,
);

/**
 * Radial displacement [m] of brain at distance `r` [m] from the tumour centre: δ·(R/r)² outside the mass (the far
 * field of an expanding sphere in an incompressible medium falls as 1/r²), tapered by (1 − (r/reach)²)² so it ends
 * inside the brain; linear inside. Its slope stays above −1 (|du/dr| ≤ 2δ/R ≈ 0.6), so the warp is one-to-one.
 */
export function massEffectDisplacement(r: Meters): Meters {
  const radius = Math.min(...TUMOUR_MASS_RADII);
  if (r >= MASS_EFFECT_REACH) return 0;
  const taper = (1 - (r / MASS_EFFECT_REACH) ** 2) ** 2;
  if (r <= radius) return MASS_EFFECT_PUSH * (r / radius) * taper;
  return MASS_EFFECT_PUSH * (radius / r) ** 2 * taper;
}

/**
 * Pushes brain (the `brain` labels) radially away from `centre` by `massEffectDisplacement`: each voxel takes the
 * label found at r − u(r) along the same ray (nearest voxel), but only where both are brain, so skull and scalp
 * stay put. In place.
 */
export function applyMassEffect(volume: LabelVolume, centre: Vec3, brain: readonly number[]): void {
  const [nx, ny, nz] = volume.dims;
  const [dx, dy, dz] = volume.voxelSize;
  const [ox, oy, oz] = volume.origin;
  const before = new Uint8Array(volume.labels);
  const isBrain = new Uint8Array(256);
  for (const b of brain) isBrain[b] = 1;
  const lo = (k: number, o: number, d: number): number =>
    Math.max(0, Math.floor((centre[k as 0] - MASS_EFFECT_REACH - o) / d));
  const hi = (k: number, o: number, d: number, n: number): number =>
    Math.min(n - 1, Math.ceil((centre[k as 0] + MASS_EFFECT_REACH - o) / d));
  for (let k = lo(2, oz, dz); k <= hi(2, oz, dz, nz); k++)
    for (let j = lo(1, oy, dy); j <= hi(1, oy, dy, ny); j++)
      for (let i = lo(0, ox, dx); i <= hi(0, ox, dx, nx); i++) {
        const p = (k * ny + j) * nx + i;
        if (!isBrain[before[p] as number]) continue;
        const x = ox + i * dx - centre[0];
        const y = oy + j * dy - centre[1];
        const z = oz + k * dz - centre[2];
        const r = Math.sqrt(x * x + y * y + z * z);
        if (r === 0 || r >= MASS_EFFECT_REACH) continue;
        const s = (r - massEffectDisplacement(r)) / r;
        const si = Math.round((centre[0] + x * s - ox) / dx);
        const sj = Math.round((centre[1] + y * s - oy) / dy);
        const sk = Math.round((centre[2] + z * s - oz) / dz);
        if (si < 0 || sj < 0 || sk < 0 || si >= nx || sj >= ny || sk >= nz) continue;
        const source = before[(sk * ny + sj) * nx + si] as number;
        if (isBrain[source]) volume.labels[p] = source;
      }
}

/** Paints the tumour into `volume` (in place): mass effect, oedema, enhancing rim, necrotic core, haemorrhages. */
export function paintTumour(volume: LabelVolume, l: TumourLabels): void {
  const brain = [l.whiteMatter, l.greyMatter, l.deepGreyMatter, l.csf];
  applyMassEffect(volume, TUMOUR_CENTRE, brain);
  const oedema = irregularBlob({
    centre: TUMOUR_CENTRE,
    radii: OEDEMA_RADII,
    lobes: 6,
    roughness: 0.3,
    seed: SEED + 1,
  });
  classifyVoxels(volume, volume.labels, oedema, (d) => (d < 0 ? l.oedema : -1), [l.whiteMatter]);
  const mass = irregularBlob({
    centre: TUMOUR_CENTRE,
    radii: TUMOUR_MASS_RADII,
    lobes: 4,
    roughness: 0.25,
    seed: SEED + 2,
  });
  classifyVoxels(volume, volume.labels, mass, (d) => (d < 0 ? l.tumour : -1), [...brain, l.oedema]);
  const coreCentre = TUMOUR_CORE_CENTRE;
  const coreRadii: Vec3 = [
    TUMOUR_MASS_RADII[0] * CORE_SCALE,
    TUMOUR_MASS_RADII[1] * CORE_SCALE,
    TUMOUR_MASS_RADII[2] * CORE_SCALE,
  ];
  const core = intersect(
    irregularBlob({ centre: coreCentre, radii: coreRadii, lobes: 3, roughness: 0.35, seed: SEED + 3 }),
    offset(mass, -MIN_RIM),
  );
  classifyVoxels(volume, volume.labels, core, (d) => (d < 0 ? l.necrosis : -1), [l.tumour]);
  paintTumourHaemorrhage(volume, TUMOUR_HAEMORRHAGE_FOCI, l.haemorrhage, [l.tumour, l.necrosis]);
}
