import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resampleSlice, standardPlane, labelAtPoint, tissueVoxelCounts } from '@larmor/mri/anatomy';
import { createModelStore, loadBrainAsset } from './modelStore.ts';

const ASSETS = fileURLToPath(new URL('../../../mri/assets/', import.meta.url));
const MAX_ASSET_BYTES = 2 * 1024 * 1024;
const BRAIN = 1;
const KNEE = 2;
const HAND = 8;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
  );
}

const store = createModelStore();
const healthy = store.get(BRAIN);

describe('shipped anatomy assets', () => {
  it('keeps every shipped file under 2 MB', () => {
    const files = filesUnder(ASSETS);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(statSync(f).size, f).toBeLessThan(MAX_ASSET_BYTES);
  });

  it('decodes the brain asset as 181 × 217 × 181 voxels of 1 mm with its tissue table', () => {
    const asset = loadBrainAsset();
    expect(asset.volume.dims).toEqual([181, 217, 181]);
    expect(asset.volume.voxelSize).toEqual([0.001, 0.001, 0.001]);
    expect(asset.tissues).toEqual(
      expect.arrayContaining([
        'csf',
        'greyMatter',
        'whiteMatter',
        'corticalBone',
        'marrow',
        'vitreous',
        'venousBlood',
        'blood',
      ]),
    );
  });
});

describe('brain model', () => {
  it('has grey matter, white matter and CSF volumes in adult proportions', () => {
    const c = tissueVoxelCounts(healthy);
    const gm = (c.greyMatter ?? 0) + (c.deepGreyMatter ?? 0);
    const wm = c.whiteMatter ?? 0;
    const csf = c.csf ?? 0;
    const brain = gm + wm + csf;
    // Adult intracranial volumes: GM ≈ 40–55 %, WM ≈ 30–45 %, CSF ≈ 8–25 % (1 mm voxels, so counts are cm³/1000).
    expect(gm / brain).toBeGreaterThan(0.4);
    expect(gm / brain).toBeLessThan(0.55);
    expect(wm / brain).toBeGreaterThan(0.3);
    expect(wm / brain).toBeLessThan(0.45);
    expect(csf / brain).toBeGreaterThan(0.08);
    expect(csf / brain).toBeLessThan(0.25);
    expect(brain / 1e6).toBeGreaterThan(1.2); // litres
    expect(brain / 1e6).toBeLessThan(2.0);
  });

  it('places the eyes anterior (−y) and below the brain, one on each side', () => {
    for (const x of [-0.035, 0.035]) expect(labelAtPoint(healthy, [x, -0.06, -0.038])).toBe('vitreous');
    expect(labelAtPoint(healthy, [0, 0.01, 0.05])).toMatch(/Matter|csf/);
    expect(labelAtPoint(healthy, [0, 0, 0.16])).toBe('air');
  });

  it('shows the head in an axial slice as skin outside bone outside brain', () => {
    const grid = { nx: 128, ny: 128, pixelSpacing: [0.002, 0.002] as const, sliceThickness: 0.004 };
    const { fractions } = resampleSlice(healthy, standardPlane('axial', [0, 0, 0.03]), grid);
    // Dominant tissue of each pixel along the centre row, from the patient's right edge inwards.
    const dominant = Array.from({ length: 64 }, (_, ix) => {
      let best = 0;
      fractions.forEach((f, t) => {
        if ((f[64 * 128 + ix] ?? 0) > (fractions[best]?.[64 * 128 + ix] ?? 0)) best = t;
      });
      return healthy.tissues[best];
    });
    const along = (key: string) => dominant.indexOf(key);
    const skin = along('skin');
    const bone = along('corticalBone');
    const grey = along('greyMatter');
    expect(skin).toBeGreaterThan(0);
    expect(bone).toBeGreaterThan(skin);
    expect(grey).toBeGreaterThan(bone);
  });

  it('adds more MS lesion volume from mild to severe, only where white matter was, and the same each time', () => {
    const lesions = (['mildMSlesions', 'moderateMSlesions', 'severeMSlesions'] as const).map(
      (brainCondition) => tissueVoxelCounts(store.get(BRAIN, { brainCondition })).msLesion ?? 0,
    );
    expect(lesions[0]).toBeGreaterThan(50);
    expect(lesions[1]).toBeGreaterThan(lesions[0] ?? 0);
    expect(lesions[2]).toBeGreaterThan(lesions[1] ?? 0);
    const severe = store.get(BRAIN, { brainCondition: 'severeMSlesions' });
    const wm = healthy.tissues.indexOf('whiteMatter');
    const lesion = severe.tissues.indexOf('msLesion');
    for (let p = 0; p < severe.volume.labels.length; p++) {
      if (severe.volume.labels[p] === lesion) expect(healthy.volume.labels[p]).toBe(wm);
    }
    const again = createModelStore().get(BRAIN, { brainCondition: 'severeMSlesions' });
    expect(Buffer.compare(Buffer.from(again.volume.labels), Buffer.from(severe.volume.labels))).toBe(0);
  });

  it('puts the tumour (enhancing rim, necrotic core) with its oedema in the right hemisphere (−x)', () => {
    const tumour = store.get(BRAIN, { brainCondition: 'tumor' });
    const c = tissueVoxelCounts(tumour);
    expect(c.tumour).toBeGreaterThan(3000);
    expect(c.necrosis).toBeGreaterThan(1000);
    expect(c.oedema).toBeGreaterThan(5000);
    expect(labelAtPoint(tumour, [-0.03, -0.028, 0.028])).toMatch(/^(tumour|necrosis)$/);
    expect(labelAtPoint(tumour, [0.03, -0.028, 0.028])).not.toMatch(/^(tumour|necrosis)$/);
  });

  it('serves a cached model for the same options and a different one for others', () => {
    expect(store.get(BRAIN)).toBe(healthy);
    expect(store.get(BRAIN, { brainCondition: 'tumor' })).not.toBe(healthy);
    expect(() => store.get(987654)).toThrow(RangeError);
  });

  it('ignores options a model has no feature for when caching (the knee has no cardiac phase)', () => {
    const knee = store.get(KNEE);
    expect(store.get(KNEE, { cardiacPhase: 5, brainCondition: 'tumor' })).toBe(knee);
  });

  it('evicts the least recently used model beyond its capacity', () => {
    const small = createModelStore({ maxEntries: 1 });
    const first = small.get(KNEE);
    small.get(HAND);
    expect(small.get(KNEE)).not.toBe(first);
  });
});
