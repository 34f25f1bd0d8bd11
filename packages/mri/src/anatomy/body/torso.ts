import type { Meters, Vec3 } from '../../units.ts';
import { paint, paintBands, type VolumeGrid } from '../rasterize.ts';
import {
  axesAlong,
  box,
  capsule,
  cylinder,
  ellipsoid,
  roughen,
  smoothUnion,
  subtract,
  type Shape,
} from '../sdf.ts';
import { B } from './tissues.ts';
import { paintSkinFatMuscle } from '../layers.ts';

/**
 * The trunk of an adult of 1.80 m in whole-body coordinates: LPS axes (+x patient left, +y posterior), z [m]
 * from the soles (vertex at 1.80). Proportions follow standard anthropometry (e.g. Drillis & Contini 1966
 * segment lengths as fractions of height) and vertebral dimensions from Panjabi et al. (Spine 1991/1992).
 */
const SEED = 0x74726e6b;

/** Trunk outline: chest, abdomen and pelvis blended, with the neck. */
export function trunkOutline(): Shape {
  return roughen(
    smoothUnion(
      0.06,
      ellipsoid([0, 0.0, 1.3], [0.17, 0.115, 0.22]),
      ellipsoid([0, 0.005, 1.06], [0.155, 0.11, 0.2]),
      ellipsoid([0, 0.012, 0.9], [0.175, 0.11, 0.14]),
      capsule([0, 0.02, 1.45], [0, 0.01, 1.6], 0.058),
    ),
    0.004,
    0.06,
    SEED,
  );
}

/** Paints skin, subcutaneous fat and the muscle-filled core of the trunk. */
export function paintTrunkWall(grid: VolumeGrid, labels: Uint8Array): void {
  paintSkinFatMuscle(grid, labels, B, trunkOutline(), 0.002, 0.016);
}

/** Antero-posterior position of the vertebral bodies' centre line [m]: lumbar lordosis, thoracic kyphosis. */
export function spineY(z: Meters): Meters {
  return 0.062 - 0.012 * Math.cos((2 * Math.PI * (z - 1.04)) / 0.6);
}

interface Level {
  name: string;
  /** Centre of the vertebral body [m]. */
  z: Meters;
  height: Meters;
  radius: Meters;
  disc: Meters;
}

/** Vertebral levels from S1 up to C7, bottom to top, with body heights and disc thicknesses [m]. */
export function vertebralLevels(): Level[] {
  const levels: Level[] = [];
  let z = 0.955;
  const add = (name: string, height: Meters, radius: Meters, disc: Meters): void => {
    levels.push({ name, z: z + height / 2, height, radius, disc });
    z += height + disc;
  };
  add('S1', 0.03, 0.024, 0.009);
  for (let l = 5; l >= 1; l--) add(`L${l}`, 0.027, 0.023, 0.01);
  for (let t = 12; t >= 1; t--) add(`T${t}`, 0.018 + 0.0006 * t, 0.014 + 0.0006 * t, 0.005);
  add('C7', 0.015, 0.012, 0.005);
  return levels;
}

/** Paints vertebrae (body, arch, spinous and transverse processes), discs, the canal with CSF and the cord. */
export function paintSpine(grid: VolumeGrid, labels: Uint8Array): void {
  const levels = vertebralLevels();
  const conusZ = levels.find((l) => l.name === 'L1')?.z ?? 1.12;
  const top = levels[levels.length - 1]?.z ?? 1.5;
  // Spinal canal: CSF throughout (a chain of capsules following the curve), cord above the conus (L1).
  const canal: Shape[] = [];
  const cord: Shape[] = [];
  for (let z = 0.96; z < top + 0.05; z += 0.03) {
    const a: Vec3 = [0, spineY(z) + 0.03, z];
    const b: Vec3 = [0, spineY(z + 0.03) + 0.03, z + 0.03];
    canal.push(capsule(a, b, 0.008));
    if (z > conusZ) cord.push(capsule(a, b, 0.0045));
  }
  for (const level of levels) {
    const y = spineY(level.z);
    // Posterior elements first: the body paints over where the arch ring meets it.
    const yc = y + 0.03;
    const arch = subtract(
      cylinder([0, yc, level.z - level.height * 0.35], [0, yc, level.z + level.height * 0.35], 0.016),
      cylinder([0, yc, level.z - level.height], [0, yc, level.z + level.height], 0.0095),
    );
    const spinous = capsule([0, yc + 0.012, level.z], [0, yc + 0.04, level.z - 0.012], 0.004);
    const transverse = capsule([-0.04, yc, level.z + 0.004], [0.04, yc, level.z + 0.004], 0.0045);
    for (const part of [arch, spinous, transverse]) {
      paintBands(grid, labels, part, [{ label: B.corticalBone, thickness: 0.0015 }], B.vertebralMarrow);
    }
    const body = roughen(
      cylinder([0, y, level.z - level.height / 2], [0, y, level.z + level.height / 2], level.radius),
      0.0007,
      0.01,
      SEED + 7,
    );
    paintBands(grid, labels, body, [{ label: B.corticalBone, thickness: 0.0015 }], B.vertebralMarrow);
    // Disc above the body: annulus (fibrous ring) around the nucleus pulposus.
    if (level.disc > 0 && level.name !== 'C7') {
      const zd = level.z + level.height / 2 + level.disc / 2;
      const yd = spineY(zd);
      const disc = cylinder([0, yd, zd - level.disc / 2], [0, yd, zd + level.disc / 2], level.radius * 1.02);
      paint(grid, labels, { label: B.discAnnulus, shape: disc });
      paint(grid, labels, {
        label: B.discNucleus,
        shape: ellipsoid([0, yd + 0.003, zd], [level.radius * 0.5, level.radius * 0.45, level.disc * 0.38]),
      });
    }
  }
  for (const shape of canal) paint(grid, labels, { label: B.csf, shape });
  for (const shape of cord) paint(grid, labels, { label: B.spinalCord, shape });
}

/** Paints 12 pairs of ribs and the sternum. */
export function paintRibcage(grid: VolumeGrid, labels: Uint8Array): void {
  const levels = vertebralLevels();
  for (let r = 1; r <= 12; r++) {
    const level = levels.find((l) => l.name === `T${r}`);
    if (!level) continue;
    const z0 = level.z;
    // Upper ribs are short and round; ribs 11–12 float and stop laterally.
    const end = r >= 11 ? 20 : r >= 8 ? -40 : -60;
    const ax = 0.09 + 0.06 * Math.sin((Math.PI * Math.min(r, 8)) / 16);
    for (const side of [-1, 1]) {
      const point = (deg: number): Vec3 => {
        const t = (90 - deg) / 150; // 0 at the spine, rising forwards
        const th = (deg * Math.PI) / 180;
        return [side * ax * Math.cos(th), 0.1 * Math.sin(th), z0 - 0.07 * t];
      };
      for (let deg = 90; deg > end; deg -= 15) {
        const rib = capsule(point(deg), point(Math.max(end, deg - 15)), 0.0055);
        paintBands(grid, labels, rib, [{ label: B.corticalBone, thickness: 0.0012 }], B.marrow);
      }
    }
  }
  const sternum = box([0, -0.098, 1.33], [0.018, 0.006, 0.09], 0.004, axesAlong([0, -0.25, 1], [1, 0, 0]));
  paintBands(grid, labels, sternum, [{ label: B.corticalBone, thickness: 0.0015 }], B.marrow);
}

/** Paints the bony pelvis (iliac wings, sacrum, pubis) and proximal femurs with their cartilage. */
export function paintPelvicBones(grid: VolumeGrid, labels: Uint8Array): void {
  const bones: Shape[] = [];
  for (const side of [-1, 1]) {
    bones.push(
      // Iliac wing: a thin curved plate, flaring laterally and forwards.
      roughen(
        ellipsoid(
          [side * 0.1, 0.03, 0.97],
          [0.06, 0.012, 0.075],
          axesAlong([0, 0.3, 1], [side * 0.5, -1, 0]),
        ),
        0.001,
        0.02,
        SEED + side,
      ),
      // Acetabulum/ischium block and pubic ramus to the symphysis.
      ellipsoid([side * 0.08, 0.02, 0.865], [0.03, 0.035, 0.04]),
      capsule([side * 0.075, -0.02, 0.86], [side * 0.012, -0.06, 0.865], 0.009),
      capsule([side * 0.07, 0.04, 0.83], [side * 0.015, -0.045, 0.84], 0.008),
    );
  }
  const sacrum = ellipsoid([0, 0.085, 0.91], [0.05, 0.02, 0.06], axesAlong([0, 0.5, 1], [1, 0, 0]));
  const pelvis = smoothUnion(0.01, sacrum, ...bones);
  paintBands(grid, labels, pelvis, [{ label: B.corticalBone, thickness: 0.0015 }], B.marrow);
  for (const side of [-1, 1]) {
    const head: Vec3 = [side * 0.088, 0.015, 0.865];
    paint(grid, labels, { label: B.cartilage, shape: ellipsoid(head, [0.027, 0.027, 0.027]) });
    const femur = smoothUnion(
      0.012,
      ellipsoid(head, [0.024, 0.024, 0.024]),
      capsule(head, [side * 0.125, 0.02, 0.82], 0.015),
      ellipsoid([side * 0.135, 0.02, 0.815], [0.02, 0.02, 0.03]),
      capsule([side * 0.13, 0.02, 0.81], [side * 0.11, 0.02, 0.45], 0.014),
    );
    paintBands(grid, labels, femur, [{ label: B.corticalBone, thickness: 0.003 }], B.marrow);
  }
}
