/**
 * The glioma's haemorrhage on the shipped brain (issue 22.5): every model with the tumour carries the library's
 * `haemorrhage` in a few small foci, its χ enters the field map as a paramagnetic dipole at each focus, and a
 * gradient echo shows it blooming: the dark area around the largest focus grows with TE, is larger at 3 T than at
 * 1.5 T, and is smaller on a spin echo, which refocuses the static field (Greenberg et al., Lancet Neurol
 * 2009;8:165). The constructed case with the same contracts is @larmor/mri's simulate/blooming.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { catalogueModels, TUMOUR_HAEMORRHAGE_FOCI } from '@larmor/mri/anatomy';
import {
  sampleFieldMap,
  simulateSnapshot,
  snapshotFieldMap,
  type FieldMap3d,
  type ScanSnapshot,
} from '@larmor/mri/simulate';
import { TEST_SCANNER, testProtocol } from '@larmor/mri/testing';
import { tissueAtField, tissueDefinition } from '@larmor/mri/tissue';
import { createModelStore } from './modelStore.ts';

const store = createModelStore({ maxEntries: 1 });
const tumourModels = catalogueModels().filter((m) => m.brainCondition === 'tumor');
const model = store.get(1, { brainCondition: 'tumor' });
/** The largest focus (the first planned), near the tumour's axial mid-plane. */
const focus = TUMOUR_HAEMORRHAGE_FOCI[0] ?? (undefined as never);

describe('the tumour carries its haemorrhage', () => {
  it('is in every model with the tumour, mapped to the library tissue, in a plausible volume', () => {
    expect(tumourModels.map((m) => m.id)).toContain(202);
    for (const entry of tumourModels) {
      const built = store.get(entry.engineModelId, { brainCondition: 'tumor' });
      const label = built.tissues.indexOf('haemorrhage');
      expect(label).toBeGreaterThan(0);
      expect(tissueDefinition(built.tissues[label] ?? '').susceptibilityPpm).toBeGreaterThan(0);
      const voxels = built.volume.labels.reduce((n, l) => n + (l === label ? 1 : 0), 0);
      // The planned foci as ellipsoids [mm³] (1 mm voxels), painted over rim and core only: 50–120 % of it.
      const planned = TUMOUR_HAEMORRHAGE_FOCI.reduce(
        (sum, f) => sum + ((4 / 3) * Math.PI * f.radii[0] * f.radii[1] * f.radii[2]) / 1e-9,
        0,
      );
      expect(voxels).toBeGreaterThan(0.5 * planned);
      expect(voxels).toBeLessThan(1.2 * planned);
    }
  });
});

/** A noiseless axial 5 mm slice through the largest focus, 240 mm FOV, 192 × 192 (1.25 mm pixels). */
function snapshot(b0: number, family: 'GRE' | 'SE', echoTime: number, bleed: boolean): ScanSnapshot {
  // Without the bleed: the focus takes the enhancing rim's values (χ included), the tissue it replaced.
  const rim = tissueAtField('tumour', b0);
  return {
    engine: 'cpusim',
    model: { id: 1 },
    protocol: testProtocol({
      family,
      echoTime,
      repetitionTime: 0.5,
      flipAngle: family === 'GRE' ? 0.35 : Math.PI / 2,
      bandwidthPerPixel: 600,
      sliceThickness: 0.005,
      fovRead: 0.24,
      fovPhase: 0.24,
      matrixRead: 192,
      matrixPhase: 192,
      geometry: { orientation: 'axial', center: [...focus.centre] },
    }),
    scanner: { ...TEST_SCANNER, b0 },
    simulation: { noiseLevel: 0, receive: 'single', susceptibility: true },
    tissueOverrides: bleed
      ? {}
      : {
          haemorrhage: {
            pd: rim.pd,
            t1: rim.t1,
            t2: rim.t2,
            t2star: rim.t2star,
            susceptibilityPpm: rim.susceptibilityPpm,
          },
        },
    seed: 1,
  };
}

describe('the haemorrhage in the field map and on gradient and spin echoes (fast engine)', () => {
  const maps = new Map<string, FieldMap3d>();
  const mapOf = (b0: number, bleed: boolean): FieldMap3d => {
    const key = `${b0}:${bleed}`;
    const found = maps.get(key);
    if (found) return found;
    const built = snapshotFieldMap(snapshot(b0, 'GRE', 0.01, bleed), model);
    maps.set(key, built);
    return built;
  };
  /**
   * Pixels within 12 mm of the focus below half the surrounding tissue: half of the same pixel's signal in the
   * same scan without the bleed (the rim's values in its place).
   */
  const darkArea = (b0: number, family: 'GRE' | 'SE', te: number): number => {
    const image = (bleed: boolean) =>
      simulateSnapshot(snapshot(b0, family, te, bleed), model, { fieldMap: mapOf(b0, bleed) }).slices[0];
    const [withBleed, without] = [image(true), image(false)];
    if (!withBleed || !without) throw new Error('no slice');
    const { columns, rows } = withBleed;
    let dark = 0;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < columns; c++) {
        if (Math.hypot(c - columns / 2, r - rows / 2) * (0.24 / columns) > 0.012) continue;
        const p = r * columns + c;
        if ((withBleed.magnitude[p] as number) < 0.5 * (without.magnitude[p] as number)) dark++;
      }
    return dark;
  };

  it('adds a paramagnetic dipole at the focus: positive 1.5 radii above it along B0, negative beside it', () => {
    const [r] = focus.radii.map((x) => 1.5 * x);
    const at = (d: [number, number, number]): number => {
      const p: [number, number, number] = [
        focus.centre[0] + d[0],
        focus.centre[1] + d[1],
        focus.centre[2] + d[2],
      ];
      return sampleFieldMap(mapOf(3, true), p) - sampleFieldMap(mapOf(3, false), p);
    };
    const pole = (at([0, 0, r ?? 0]) + at([0, 0, -(r ?? 0)])) / 2;
    const equator =
      (at([r ?? 0, 0, 0]) + at([-(r ?? 0), 0, 0]) + at([0, r ?? 0, 0]) + at([0, -(r ?? 0), 0])) / 4;
    expect(pole).toBeGreaterThan(5);
    expect(equator).toBeLessThan(-2);
    // A dipole's pole field is twice its equator's: ratio −2, within a factor 1.6 for an irregular focus.
    expect(pole / -equator).toBeGreaterThan(2 / 1.6);
    expect(pole / -equator).toBeLessThan(2 * 1.6);
  });

  it('blooms with TE: the dark area at TE 30 ms exceeds TE 5 ms (1.5 and 3 T)', () => {
    for (const b0 of [1.5, 3])
      expect(darkArea(b0, 'GRE', 0.03)).toBeGreaterThan(darkArea(b0, 'GRE', 0.005) + 5);
  });
  it('blooms more at 3 T than at 1.5 T at TE 30 ms, by a third and more', () => {
    expect(darkArea(3, 'GRE', 0.03)).toBeGreaterThan((4 / 3) * darkArea(1.5, 'GRE', 0.03));
  });
  it('is smaller on a spin echo than on a gradient echo at TE 30 ms (at most half, 1.5 and 3 T)', () => {
    for (const b0 of [1.5, 3])
      expect(darkArea(b0, 'SE', 0.03)).toBeLessThanOrEqual(0.5 * darkArea(b0, 'GRE', 0.03));
  });
});
