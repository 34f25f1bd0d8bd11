/**
 * Haemorrhage in the glioma (tumour.ts paints it with the rest of the tumour): a few small bleeds at the border of the necrotic core and the enhancing
 * rim. High-grade gliomas bleed from their fragile, proliferating vessels into the necrosis and at its margin; on
 * T2*-weighted and susceptibility-weighted images these are the intratumoural susceptibility signals, dots and short
 * lines a few millimetres across that are far more frequent in glioblastoma than in low-grade tumours (Park et al.,
 * AJNR 2009;30:1402). Their tissue is the library's chronic haemorrhage (`haemorrhage`: haemosiderin, Δχ > 0), so
 * the model's χ map carries a paramagnetic dipole at each focus and a gradient echo shows it blooming: dark well
 * beyond the focus, more so at longer TE and higher field, and much less on a spin echo (Greenberg et al., Lancet
 * Neurol 2009;8:165). Each focus is a seeded irregular blob, so the model is the same on every build.
 */
import type { Meters, Vec3 } from '../../units.ts';
import type { LabelVolume } from '../types.ts';
import { classifyVoxels } from '../rasterize.ts';
import { irregularBlob } from '../lesionShapes.ts';
import { seededRandom } from '../../simulate/noise.ts';

/** One bleed: its centre [m] (LPS), its semi-axes [m] and the seed of its shape. */
export interface HaemorrhageFocus {
  centre: Vec3;
  radii: Vec3;
  seed: number;
}

/** How many foci the tumour carries. */
export const HAEMORRHAGE_FOCUS_COUNT = 5;
/** Diameters of the foci [m]: the first (largest) 5–6 mm, the others 2–4.5 mm (issue 22: ~2–6 mm). */
const LARGEST_DIAMETER: readonly [Meters, Meters] = [0.005, 0.006];
const OTHER_DIAMETER: readonly [Meters, Meters] = [0.002, 0.0045];
/**
 * Where a focus sits along its direction from the core's centre, as a fraction of the mass's semi-axes: the core
 * ends near 0.68 (tumour.ts CORE_SCALE), so 0.5–0.8 puts the foci in the outer core and across its border into
 * the rim.
 */
const DEPTH: readonly [number, number] = [0.5, 0.8];
/** The largest focus lies near the tumour's axial mid-plane (|direction_z| below this), where axial scans cut it. */
const LARGEST_MAX_DZ = 0.25;
/** Foci are kept this far apart, surface to surface [m], so each stays a separate dot. */
const MIN_GAP: Meters = 0.003;
const SEED = 0x6861656d;

/**
 * The foci of the haemorrhage of a tumour whose necrotic core is centred at `coreCentre` [m] in a mass of semi-axes
 * `massRadii` [m]: seeded, the same on every call.
 */
export function planHaemorrhageFoci(coreCentre: Vec3, massRadii: Vec3): HaemorrhageFocus[] {
  const random = seededRandom(SEED);
  const between = (range: readonly [number, number]): number => range[0] + random() * (range[1] - range[0]);
  const foci: HaemorrhageFocus[] = [];
  let attempts = 0;
  while (foci.length < HAEMORRHAGE_FOCUS_COUNT && attempts++ < 1000) {
    const largest = foci.length === 0;
    const d: Vec3 = [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1];
    const norm = Math.hypot(...d);
    if (norm === 0 || norm > 1) continue; // uniform directions: keep points inside the unit ball
    if (largest && Math.abs(d[2] / norm) > LARGEST_MAX_DZ) continue;
    const depth = between(DEPTH) / norm;
    const centre = [0, 1, 2].map(
      (a) => coreCentre[a as 0] + d[a as 0] * depth * massRadii[a as 0],
    ) as unknown as Vec3;
    const radius = between(largest ? LARGEST_DIAMETER : OTHER_DIAMETER) / 2;
    // Slightly ovoid: semi-axes 0.8–1.2 × the radius, the first the largest (the spacing uses it).
    const radii: Vec3 = [radius * 1.2, radius * between([0.8, 1.2]), radius * between([0.8, 1.2])];
    const apart = foci.every(
      (f) =>
        Math.hypot(...[0, 1, 2].map((a) => centre[a as 0] - f.centre[a as 0])) >
        radii[0] + f.radii[0] + MIN_GAP,
    );
    if (!apart) continue;
    foci.push({ centre, radii, seed: SEED + foci.length + 1 });
  }
  return foci;
}

/**
 * Paints `foci` (`planHaemorrhageFoci`) as label `haemorrhage` over the tumour's rim and necrotic core only
 * (labels `within`), in place: only the foci's bounding boxes are visited (rasterize.ts).
 */
export function paintTumourHaemorrhage(
  volume: LabelVolume,
  foci: readonly HaemorrhageFocus[],
  haemorrhage: number,
  within: readonly number[],
): void {
  for (const focus of foci) {
    const shape = irregularBlob({
      centre: focus.centre,
      radii: focus.radii,
      lobes: 1,
      roughness: 0.25,
      seed: focus.seed,
    });
    classifyVoxels(volume, volume.labels, shape, (d) => (d < 0 ? haemorrhage : -1), within);
  }
}
