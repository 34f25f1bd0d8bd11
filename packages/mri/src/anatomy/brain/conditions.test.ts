import { describe, expect, it } from 'vitest';
import type { LabelAsset } from '../labelAsset.ts';
import { tissueVoxelCounts } from '../inspect.ts';
import { labelComponents, sphereMismatch } from '../shapeMetrics.testing.ts';
import type { LabelVolume } from '../types.ts';
import { applyBrainCondition, brainTissues } from './conditions.ts';
import { MS_LOADS, planMsLesions, type MsGrade } from './msLesions.ts';
import { syntheticBrainAsset } from './syntheticBrain.testing.ts';
import {
  applyMassEffect,
  MASS_EFFECT_PUSH,
  MASS_EFFECT_REACH,
  massEffectDisplacement,
  TUMOUR_CENTRE,
  TUMOUR_HAEMORRHAGE_FOCI,
} from './tumour.ts';

/** Index of the voxel nearest to LPS position `p` [m]. */
const labelIndex = (volume: LabelVolume, p: readonly number[]): number => {
  const [i, j, k] = [0, 1, 2].map((a) =>
    Math.round(((p[a] ?? 0) - (volume.origin[a] as number)) / (volume.voxelSize[a] as number)),
  ) as [number, number, number];
  return (k * volume.dims[1] + j) * volume.dims[0] + i;
};

const GRADES: readonly MsGrade[] = ['mildMSlesions', 'moderateMSlesions', 'severeMSlesions'];

describe('brain conditions', () => {
  const asset = syntheticBrainAsset();
  const tissues = brainTissues(asset);
  const idx = (key: string): number => tissues.indexOf(key);
  const labels = { whiteMatter: 3, greyMatter: 2, csf: 1, msLesion: idx('msLesion') };

  it('keeps the healthy volume unchanged and the label table fixed whatever the condition', () => {
    expect(Buffer.compare(applyBrainCondition(asset, 'healthy').labels, asset.volume.labels)).toBe(0);
    expect(tissues.slice(0, asset.tissues.length)).toEqual(asset.tissues);
    expect(tissues).toEqual(
      expect.arrayContaining(['msLesion', 'tumour', 'oedema', 'necrosis', 'haemorrhage']),
    );
  });

  it('grades MS lesions by count and size: more and larger lesions for a severer grade', () => {
    const plans = GRADES.map((g) => planMsLesions(asset.volume, g, labels));
    plans.forEach((plan, g) => {
      const load = MS_LOADS[GRADES[g] as MsGrade];
      expect(plan.filter((l) => l.kind === 'periventricular')).toHaveLength(load.periventricular);
      expect(plan.filter((l) => l.kind === 'juxtacortical')).toHaveLength(load.juxtacortical);
      for (const l of plan) {
        expect(l.length).toBeGreaterThanOrEqual(load.minLength);
        expect(l.length).toBeLessThanOrEqual(load.maxLength);
        // Ovoid: long axis 1.4–2× the short one (or the 2 mm floor of the short axis).
        expect(l.length / l.width).toBeGreaterThan(1.3);
      }
    });
    const meanLength = plans.map((p) => p.reduce((s, l) => s + l.length, 0) / p.length);
    expect(plans[1]?.length).toBeGreaterThan(plans[0]?.length ?? 0);
    expect(plans[2]?.length).toBeGreaterThan(plans[1]?.length ?? 0);
    expect(meanLength[1]).toBeGreaterThan(meanLength[0] ?? 0);
    expect(meanLength[2]).toBeGreaterThan(meanLength[1] ?? 0);
    const volumes = GRADES.map((c) => applyBrainCondition(asset, c));
    const counts = volumes.map((volume) => tissueVoxelCounts({ volume, tissues }).msLesion ?? 0);
    expect(counts[1]).toBeGreaterThan((counts[0] ?? 0) * 1.5);
    expect(counts[2]).toBeGreaterThan((counts[1] ?? 0) * 1.5);
    // Separate lesions stay visible as separate spots (a few may touch in the severe grade).
    volumes.forEach((volume, g) => {
      const spots = labelComponents(volume, idx('msLesion')).filter((c) => c.voxels.length >= 4);
      expect(spots.length).toBeGreaterThanOrEqual(Math.ceil((plans[g]?.length ?? 0) * 0.6));
    });
  });

  it('places periventricular lesions with their long axis perpendicular to the ventricle wall (Dawson fingers)', () => {
    const plan = planMsLesions(asset.volume, 'severeMSlesions', labels);
    const periventricular = plan.filter((l) => l.kind === 'periventricular');
    for (const l of periventricular) {
      // The inner end of the long axis touches the ventricle; the outer end is white matter.
      const inner = l.centre.map((c, k) => c - (l.axis[k] ?? 0) * (l.length / 2 + 0.0015));
      const [nx, ny] = asset.volume.dims;
      const at = (p: readonly number[]): number => {
        const i = Math.round(((p[0] ?? 0) - asset.volume.origin[0]) / 0.001);
        const j = Math.round(((p[1] ?? 0) - asset.volume.origin[1]) / 0.001);
        const k = Math.round(((p[2] ?? 0) - asset.volume.origin[2]) / 0.001);
        return asset.volume.labels[(k * ny + j) * nx + i] ?? 0;
      };
      expect([1, 3]).toContain(at(inner));
    }
    // The synthetic ventricle's long walls face ±x: most lesions beside it point along x, away from it.
    const beside = periventricular.filter((l) => Math.abs(l.centre[1]) < 0.02);
    expect(beside.length).toBeGreaterThan(3);
    for (const l of beside) expect(Math.sign(l.axis[0]) * Math.sign(l.centre[0])).toBeGreaterThanOrEqual(0);
    expect(beside.filter((l) => Math.abs(l.axis[0]) > 0.7).length / beside.length).toBeGreaterThan(0.6);
  });

  it('paints irregular, varied lesions only over white matter, the same on every build', () => {
    const severe = applyBrainCondition(asset, 'severeMSlesions');
    const lesion = idx('msLesion');
    expect(severe.labels.some((l, p) => l === lesion && asset.volume.labels[p] !== 3)).toBe(false);
    expect(Buffer.compare(applyBrainCondition(asset, 'severeMSlesions').labels, severe.labels)).toBe(0);
    const spots = labelComponents(severe, lesion).filter((c) => c.voxels.length >= 20);
    const mismatch = spots.map((c) => sphereMismatch(severe, c));
    // A voxelised sphere scores ≤ 0.15; these ovoids with lobes and rough edges score well above.
    expect(Math.min(...mismatch)).toBeGreaterThan(0.2);
    const sizes = spots.map((c) => c.voxels.length);
    const mean = sizes.reduce((a, b) => a + b, 0) / sizes.length;
    const sd = Math.sqrt(sizes.reduce((a, b) => a + (b - mean) ** 2, 0) / sizes.length);
    expect(sd / mean).toBeGreaterThan(0.3);
  });

  it('leaves the shared asset untouched, even when its labels are a Node Buffer', () => {
    const shared: LabelAsset = {
      ...asset,
      volume: { ...asset.volume, labels: Buffer.from(asset.volume.labels) },
    };
    const before = Buffer.from(shared.volume.labels);
    applyBrainCondition(shared, 'severeMSlesions');
    applyBrainCondition(shared, 'tumor');
    expect(Buffer.compare(shared.volume.labels, before)).toBe(0);
  });

  describe('tumour', () => {
    const volume = applyBrainCondition(asset, 'tumor');
    const counts = tissueVoxelCounts({ volume, tissues });

    it('is an irregular enhancing rim around a necrotic core, of the intended size', () => {
      // Rim + core: lobulated ellipsoid of semi-axes 15 × 13 × 14 mm, (4/3)π·15·13·14 ≈ 11 400 mm³, ±50 % for
      // the lobes and surface noise.
      const mass = (counts.tumour ?? 0) + (counts.necrosis ?? 0);
      expect(mass).toBeGreaterThan(11400 * 0.5);
      expect(mass).toBeLessThan(11400 * 1.5);
      expect(counts.necrosis).toBeGreaterThan(mass * 0.15);
      expect(counts.tumour).toBeGreaterThan(mass * 0.3);
      const solid: LabelVolume = {
        ...volume,
        labels: volume.labels.map((l) => (l === idx('tumour') || l === idx('necrosis') ? 1 : 0)),
      };
      const parts = labelComponents(solid, 1);
      expect(parts).toHaveLength(1);
      expect(sphereMismatch(solid, parts[0] as (typeof parts)[0])).toBeGreaterThan(0.2);
      const core = labelComponents(volume, idx('necrosis'))[0];
      expect(core && sphereMismatch(volume, core)).toBeGreaterThan(0.2);
    });

    it('encloses the necrotic core in the rim: no core voxel touches oedema or brain', () => {
      const [nx, ny] = volume.dims;
      const necrosis = idx('necrosis');
      // The haemorrhages are part of the tumour (they sit at the border of core and rim).
      const allowed = new Set([necrosis, idx('tumour'), idx('haemorrhage')]);
      volume.labels.forEach((l, p) => {
        if (l !== necrosis) return;
        for (const n of [p - 1, p + 1, p - nx, p + nx, p - nx * ny, p + nx * ny]) {
          expect(allowed.has(volume.labels[n] ?? -1)).toBe(true);
        }
      });
    });

    it('bleeds in a few small, separate, irregular foci (2–6 mm) within the rim and the necrotic core', () => {
      const haemorrhage = idx('haemorrhage');
      expect(haemorrhage).toBeGreaterThan(0);
      const foci = labelComponents(volume, haemorrhage);
      // Foci painted over rim and core only: each a separate spot (a rough edge may split off a voxel or two).
      const spots = foci.filter((c) => c.voxels.length >= 3);
      expect(spots).toHaveLength(TUMOUR_HAEMORRHAGE_FOCI.length);
      expect(spots.length).toBeGreaterThanOrEqual(3);
      expect(spots.length).toBeLessThanOrEqual(8);
      const [nx, ny] = volume.dims;
      for (const spot of spots) {
        // Extent along each axis [mm] (1 mm voxels): 2–6 mm across, with a voxel of rough edge either way.
        const extent = [0, 1, 2].map((a) => {
          const at = spot.voxels.map((p) =>
            a === 0 ? p % nx : a === 1 ? Math.floor(p / nx) % ny : Math.floor(p / (nx * ny)),
          );
          return Math.max(...at) - Math.min(...at) + 1;
        });
        expect(Math.max(...extent)).toBeGreaterThanOrEqual(2);
        expect(Math.max(...extent)).toBeLessThanOrEqual(7);
      }
      // Inside the tumour: a focus replaces rim or core only, so it never touches CSF, cortex or air.
      const outside = new Set([0, idx('csf'), idx('greyMatter'), idx('deepGreyMatter')]);
      volume.labels.forEach((l, p) => {
        if (l !== haemorrhage) return;
        for (const n of [p - 1, p + 1, p - nx, p + nx, p - nx * ny, p + nx * ny])
          expect(outside.has(volume.labels[n] ?? 0)).toBe(false);
      });
      for (const f of TUMOUR_HAEMORRHAGE_FOCI) {
        const p = labelIndex(volume, f.centre);
        expect([haemorrhage, idx('tumour'), idx('necrosis')]).toContain(volume.labels[p]);
      }
      const mass = (counts.tumour ?? 0) + (counts.necrosis ?? 0) + (counts.haemorrhage ?? 0);
      // A few per cent of the mass at most.
      expect(counts.haemorrhage).toBeLessThan(0.05 * mass);
    });

    it('surrounds the mass with vasogenic oedema in the white matter, larger than the mass', () => {
      expect(counts.oedema).toBeGreaterThan(((counts.tumour ?? 0) + (counts.necrosis ?? 0)) * 1.5);
      const oedema = idx('oedema');
      // Oedema replaces white matter only (of the brain as the mass effect left it), never cortex or ventricle.
      const pushed: LabelVolume = { ...asset.volume, labels: new Uint8Array(asset.volume.labels) };
      applyMassEffect(pushed, TUMOUR_CENTRE, [1, 2, 3, 4]);
      expect(volume.labels.some((l, p) => l === oedema && pushed.labels[p] !== 3)).toBe(false);
      const parts = labelComponents(volume, oedema);
      expect(sphereMismatch(volume, parts[0] as (typeof parts)[0])).toBeGreaterThan(0.3);
    });

    it('exerts slight mass effect: the near ventricle wall is pushed away from the tumour', () => {
      const taper = (1 - (0.015 / MASS_EFFECT_REACH) ** 2) ** 2;
      expect(massEffectDisplacement(0.015)).toBeCloseTo(MASS_EFFECT_PUSH * (13 / 15) ** 2 * taper, 9);
      expect(massEffectDisplacement(MASS_EFFECT_REACH)).toBe(0);
      // One-to-one warp: r − u(r) grows with r.
      for (let r = 0.0005; r < MASS_EFFECT_REACH; r += 0.0005) {
        expect(r + 0.0005 - massEffectDisplacement(r + 0.0005)).toBeGreaterThan(
          r - massEffectDisplacement(r),
        );
      }
      // The tumour is on the right (−x): the right half of the ventricle is compressed (its wall pushed towards
      // the midline), by about a per cent of its volume (a 50 mm long slab), not obliterated.
      const rightCsf = (v: LabelVolume): number =>
        v.labels.reduce((n, l, p) => n + (l === 1 && p % v.dims[0] < 60 ? 1 : 0), 0);
      const loss = 1 - rightCsf(volume) / rightCsf(asset.volume);
      expect(loss).toBeGreaterThan(0.005);
      expect(loss).toBeLessThan(0.3);
      expect(Buffer.compare(applyBrainCondition(asset, 'tumor').labels, volume.labels)).toBe(0);
    });
  });
});
