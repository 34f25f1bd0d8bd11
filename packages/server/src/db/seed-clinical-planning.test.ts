/**
 * The planning modules' anatomical lines (seed-clinical-planning.ts) join the structures they name in the models
 * the modules scan: the AC and PC of the Colin27 brain, the ACL's attachments in the atlas knee; and a straight
 * stack misses each line by more than its objective allows while the reference stack lies along it.
 */
import type { Objective } from '@larmor/contracts';
import { labelAtPoint, type LabelAsset } from '@larmor/mri/anatomy';
import { stackDirections } from '@larmor/mri/simulate';
import { describe, expect, it } from 'vitest';
import { loadBrainAsset, loadKneeAsset } from '../anatomy/modelStore.ts';
import { isScanned } from './seed-content-kit.ts';
import {
  ACL_FEMORAL_MM,
  ACL_TIBIAL_MM,
  ANTERIOR_COMMISSURE_MM,
  PLANNING_ANGULATION,
  POSTERIOR_COMMISSURE_MM,
} from './seed-clinical-planning.ts';

type Mm = readonly [number, number, number];

/** Tissue of the voxel nearest to `p` [mm]. */
const tissueAt = (asset: LabelAsset, p: Mm) => labelAtPoint(asset, [p[0] / 1000, p[1] / 1000, p[2] / 1000]);
const shifted = (p: Mm, dx: number, dy: number, dz: number): Mm => [p[0] + dx, p[1] + dy, p[2] + dz];
/** Tissues at `n + 1` evenly spaced points from `a` to `b`. */
const along = (asset: LabelAsset, a: Mm, b: Mm, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => {
    const t = i / n;
    return tissueAt(asset, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
  });
const share = (list: readonly string[], wanted: readonly string[]) =>
  list.filter((t) => wanted.includes(t)).length / list.length;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the AC–PC line of the brain model', () => {
  const brain = loadBrainAsset();
  const ac = ANTERIOR_COMMISSURE_MM;
  const pc = POSTERIOR_COMMISSURE_MM;

  it('starts at the anterior commissure: white matter crossing the midline, the third ventricle behind it', () => {
    expect(ac[0]).toBe(0);
    const across = range(-10, 10).map((x) => tissueAt(brain, [x, ac[1], ac[2]]));
    expect(share(across, ['whiteMatter'])).toBeGreaterThanOrEqual(0.8);
    for (const dy of range(2, 6))
      expect(tissueAt(brain, shifted(ac, 0, dy, 0)), `${dy} mm behind`).toBe('csf');
  });

  it('ends at the posterior commissure: brain on the midline at the back of the third ventricle, above the aqueduct', () => {
    expect(pc[0]).toBe(0);
    expect(['greyMatter', 'whiteMatter']).toContain(tissueAt(brain, pc));
    for (const dy of range(-6, -4))
      expect(tissueAt(brain, shifted(pc, 0, dy, 0)), `${-dy} mm in front`).toBe('csf');
    expect(tissueAt(brain, shifted(pc, 0, 0, -2)), 'the aqueduct below').toBe('csf');
    // 25–35 mm apart, the PC higher, as in the atlases.
    expect(pc[1] - ac[1]).toBeGreaterThan(25);
    expect(pc[1] - ac[1]).toBeLessThan(35);
    expect(pc[2]).toBeGreaterThan(ac[2]);
  });
});

const knee = loadKneeAsset();

describe.skipIf(knee === undefined)(
  `the ACL of the atlas knee${knee ? '' : ' (skipped: no knee atlas asset in .cache/anatomy)'}`,
  () => {
    const model = knee as LabelAsset;
    const tibial = ACL_TIBIAL_MM;
    const femoral = ACL_FEMORAL_MM;

    it('runs in the ligament from end to end', () => {
      expect(tissueAt(model, tibial)).toBe('tendon');
      expect(tissueAt(model, femoral)).toBe('tendon');
      expect(share(along(model, tibial, femoral, 20), ['tendon'])).toBeGreaterThanOrEqual(0.9);
    });

    it('is attached to the tibial plateau below and to the inner wall of the lateral femoral condyle', () => {
      const bone = ['corticalBone', 'marrow'];
      // The tibia within 2 mm below the tibial end.
      expect(range(1, 2).some((d) => bone.includes(tissueAt(model, shifted(tibial, 0, 0, -d))))).toBe(true);
      // The lateral condyle (patient right, −x, in the model's right knee) within 4 mm of the femoral end; the notch
      // (no bone) for 15 mm towards medial.
      expect(range(1, 4).some((d) => bone.includes(tissueAt(model, shifted(femoral, -d, 0, 0))))).toBe(true);
      for (const d of range(1, 15))
        expect(bone, `${d} mm medial`).not.toContain(tissueAt(model, shifted(femoral, d, 0, 0)));
    });

    it('is the anterior, not the posterior, cruciate: from the front of the tibia back, up and lateral', () => {
      expect(femoral[1]).toBeGreaterThan(tibial[1] + 10);
      expect(femoral[2]).toBeGreaterThan(tibial[2] + 15);
      expect(femoral[0]).toBeLessThan(tibial[0]);
    });
  },
);

/** Angle between the line `a`→`b` and a slice plane of unit normal `n` [degrees]. */
function lineToPlaneDegrees(a: readonly number[], b: readonly number[], n: readonly number[]): number {
  const d = [0, 1, 2].map((k) => (b[k] ?? 0) - (a[k] ?? 0));
  const along = Math.abs(d.reduce((sum, v, k) => sum + v * (n[k] ?? 0), 0));
  return (Math.asin(along / Math.hypot(...d)) * 180) / Math.PI;
}

describe.each(PLANNING_ANGULATION.map((m) => ({ title: m.lab.title, m })))('$title', ({ m }) => {
  const line = (m.lab.objectives ?? []).find(
    (o): o is Extract<Objective, { kind: 'angulation' }> => o.kind === 'angulation',
  );

  it('a straight stack of the task’s orientation misses the line by more than allowed; the reference lies along it', () => {
    const spatials = isScanned(m.reference) ? m.reference.spatials : undefined;
    if (!line || !spatials) throw new Error('a planning module has a line and a reference stack');
    const straight = stackDirections({ ...spatials, tiltAboutRow: 0, tiltAboutColumn: 0 });
    const planned = stackDirections(spatials);
    expect(lineToPlaneDegrees(line.fromMm, line.toMm, straight.normal)).toBeGreaterThan(2 * line.maxDegrees);
    expect(lineToPlaneDegrees(line.fromMm, line.toMm, planned.normal)).toBeLessThan(1);
  });
});
