import { describe, expect, it } from 'vitest';
import type { LabelVolume } from '../types.ts';
import { labelAtPoint, tissueVoxelCounts } from '../inspect.ts';
import { buildTrunkCrop, TRUNK_CROPS, type TrunkCrop } from './trunkModels.ts';
import { DEFAULT_BODY_STATE, type BodyState } from '../body/state.ts';
import { BODY_TISSUES } from '../body/tissues.ts';
import { spineY } from '../body/torso.ts';
import { leftVentricle } from '../body/thorax.ts';

/** Coarser crops than the shipped ones keep these tests fast; the anatomy is the same. */
const heartCrop: TrunkCrop = { ...TRUNK_CROPS.heart, voxelSize: 0.003 };
const abdomenCrop: TrunkCrop = { ...TRUNK_CROPS.abdomen, voxelSize: 0.004 };
const spineCrop: TrunkCrop = { ...TRUNK_CROPS.spine, voxelSize: 0.002 };

/** Calls `visit` with every voxel's whole-body-crop position [m] and label. */
function forEachVoxel(
  volume: LabelVolume,
  visit: (x: number, y: number, z: number, label: number) => void,
): void {
  const [nx, ny, nz] = volume.dims;
  const [dx, dy, dz] = volume.voxelSize;
  const [cx, cy, cz] = heartCrop.centre;
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const x = volume.origin[0] + i * dx + cx;
        const y = volume.origin[1] + j * dy + cy;
        const z = volume.origin[2] + k * dz + cz;
        visit(x, y, z, volume.labels[(k * ny + j) * nx + i] ?? 0);
      }
}

const counts = (volume: LabelVolume) => tissueVoxelCounts({ volume, tissues: BODY_TISSUES.keys });
const heartAt = (state: Partial<BodyState>) => buildTrunkCrop(heartCrop, { ...DEFAULT_BODY_STATE, ...state });

describe('heart model', () => {
  const diastole = heartAt({ cardiacPhase: 1 });
  const systole = heartAt({ cardiacPhase: 8 });

  it('is deterministic and identical over the end-diastolic phases 17–20', () => {
    expect(
      Buffer.compare(
        Buffer.from(heartAt({ cardiacPhase: 17 }).labels),
        Buffer.from(heartAt({ cardiacPhase: 20 }).labels),
      ),
    ).toBe(0);
    expect(
      Buffer.compare(Buffer.from(heartAt({ cardiacPhase: 1 }).labels), Buffer.from(diastole.labels)),
    ).toBe(0);
  });

  it('ejects blood from the LV in systole (EF 54 % ± 8 %) at about constant myocardial volume', () => {
    const ed = counts(diastole);
    const es = counts(systole);
    const lvBlood = (volume: LabelVolume, state: Partial<BodyState>): number => {
      const { outer } = leftVentricle({ ...DEFAULT_BODY_STATE, ...state });
      let n = 0;
      forEachVoxel(volume, (x, y, z, l) => {
        if (l === BODY_TISSUES.index.blood && outer.distance(x, y, z) < 0) n++;
      });
      return n;
    };
    const edv = lvBlood(diastole, { cardiacPhase: 1 });
    const esv = lvBlood(systole, { cardiacPhase: 8 });
    // Closed form: 1 − 0.72²·0.88 = 0.544; tolerance for 3 mm voxels.
    expect(1 - esv / edv).toBeGreaterThan(0.46);
    expect(1 - esv / edv).toBeLessThan(0.62);
    // Incompressible myocardium: within 15 % (the RV and atrial walls are only approximately conserved).
    expect(Math.abs((es.myocardium ?? 0) / (ed.myocardium ?? 1) - 1)).toBeLessThan(0.15);
  });

  it('replaces part of the LV myocardium by scar in the infarction variant, and nothing else', () => {
    const mi = heartAt({ cardiacPhase: 1, heartCondition: 'myocardialInfarction' });
    const infarct = BODY_TISSUES.index.infarct;
    let scar = 0;
    let wrong = 0;
    mi.labels.forEach((l, p) => {
      if (l === infarct) {
        scar++;
        if (diastole.labels[p] !== BODY_TISSUES.index.myocardium) wrong++;
      } else if (l !== diastole.labels[p]) wrong++;
    });
    expect(wrong).toBe(0);
    expect(scar / (counts(diastole).myocardium ?? 1)).toBeGreaterThan(0.05);
  });

  it('puts the heart between the lungs, left of the midline, with the aorta behind it', () => {
    const model = { volume: diastole, tissues: BODY_TISSUES.keys };
    expect(labelAtPoint(model, [-0.09, 0.02, 0.05])).toBe('lung');
    expect(labelAtPoint(model, [0.09, 0.02, 0.05])).toBe('lung');
    expect(['myocardium', 'blood']).toContain(labelAtPoint(model, [0.012, 0.005, -0.005]));
  });
});

describe('breathing modes', () => {
  /** Highest z of the liver [m] (the dome under the right hemidiaphragm). */
  function liverDome(volume: LabelVolume): number {
    const [nx, ny, nz] = volume.dims;
    for (let k = nz - 1; k >= 0; k--)
      for (let p = k * nx * ny; p < (k + 1) * nx * ny; p++)
        if (volume.labels[p] === BODY_TISSUES.index.liver) return volume.origin[2] + k * volume.voxelSize[2];
    return -Infinity;
  }

  it('moves the liver dome 3 cm towards the feet on full inspiration, 1.5 cm in free breathing', () => {
    const build = (breathingMode: BodyState['breathingMode']) =>
      liverDome(buildTrunkCrop(abdomenCrop, { ...DEFAULT_BODY_STATE, breathingMode }));
    const exhale = build('breathhold_full_exhale');
    expect(exhale - build('breathhold_full_inhale')).toBeCloseTo(0.03, 2);
    expect(exhale - build('free_breathing')).toBeCloseTo(0.015, 2);
  });
});

describe('spine model', () => {
  const spine = { volume: buildTrunkCrop(spineCrop, DEFAULT_BODY_STATE), tissues: BODY_TISSUES.keys };

  it('alternates vertebral (red) marrow and disc nucleus along the midline and has the cord only above the conus', () => {
    const [, cy, cz] = TRUNK_CROPS.spine.centre;
    const seen: string[] = [];
    for (let z = -0.15; z <= 0.15; z += 0.002) {
      // Sample the vertebral body centre line (torso.ts spineY), in crop-centred coordinates.
      const label = labelAtPoint(spine, [0, spineY(z + cz) - cy, z]);
      if (seen[seen.length - 1] !== label) seen.push(label);
    }
    expect(seen.filter((l) => l === 'discNucleus').length).toBeGreaterThanOrEqual(5);
    expect(seen.filter((l) => l === 'vertebralMarrow').length).toBeGreaterThanOrEqual(6);
    const c = tissueVoxelCounts(spine);
    expect(c.spinalCord).toBeGreaterThan(0);
    expect(c.csf).toBeGreaterThan(c.spinalCord ?? 0);
  });
});
