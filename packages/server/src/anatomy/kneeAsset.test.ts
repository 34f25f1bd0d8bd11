import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BRAIN_NOTICE,
  KNEE_ATLAS_NOTICE,
  KNEE_ATLAS_TISSUES,
  KNEE_FALLBACK_NAME,
  kneeTissuesWithPathology,
  labelAtPoint,
} from '@larmor/mri/anatomy';
import {
  availableModels,
  createModelStore,
  KNEE_ASSET_PATH,
  loadKneeAsset,
  modelNotice,
} from './modelStore.ts';

const KNEE = 2;
/** Where the build looks for the SPL atlases (packages/mri/scripts/knee/paths.ts): the same rule, read here. */
const ANATOMY_DIR = process.env.LARMOR_ANATOMY_DIR
  ? resolve(process.env.LARMOR_ANATOMY_DIR)
  : resolve(import.meta.dirname, '../../../../../shared/data/anatomy');
const ATLAS = existsSync(resolve(ANATOMY_DIR, 'spl-knee', 'seg.nrrd'));

describe('knee model without its atlas asset (fallback)', () => {
  const missing = resolve(import.meta.dirname, 'no-such-dir', 'spl-knee-labels.bin.gz');

  it('lists and builds the procedural knee under a name that says so, and logs that once per logger', () => {
    const messages: string[] = [];
    const log = (m: string): void => void messages.push(m);
    const store = createModelStore({ kneeAssetPath: missing, log });
    createModelStore({ kneeAssetPath: missing, log });
    expect(store.list().find((m) => m.id === KNEE)?.name).toBe(KNEE_FALLBACK_NAME);
    const knee = store.get(KNEE);
    expect(knee.name).toBe(KNEE_FALLBACK_NAME);
    expect(knee.notice).toBeUndefined();
    expect(knee.tissues).not.toContain('nerve');
    const toldKnee = messages.filter((m) => m.startsWith('knee'));
    expect(toldKnee).toHaveLength(1);
    expect(toldKnee[0]).toMatch(/knee atlas asset not found.*procedural knee.*LARMOR_ANATOMY_DIR/);
  });

  it('exports the procedural knee without an atlas credit; the brain always credits Colin27', () => {
    expect(availableModels(missing).find((m) => m.id === KNEE)?.name).toBe(KNEE_FALLBACK_NAME);
    expect(modelNotice(KNEE, missing)).toBeUndefined();
    expect(modelNotice(1, missing)).toBe(BRAIN_NOTICE);
    expect(BRAIN_NOTICE).toMatch(/Colin27.*Holmes/);
  });
});

describe.skipIf(!ATLAS)(
  `knee model from the SPL atlas asset${ATLAS ? '' : ` (skipped: SPL knee atlas not found in ${ANATOMY_DIR})`}`,
  () => {
    it('was derived by npm install into the cache, and the store builds the knee from it, crediting the atlas', () => {
      expect(
        existsSync(KNEE_ASSET_PATH),
        `${KNEE_ASSET_PATH}: run npm run build:anatomy -w @larmor/mri`,
      ).toBe(true);
      const messages: string[] = [];
      const store = createModelStore({ log: (m) => void messages.push(m) });
      expect(messages.filter((m) => m.startsWith('knee'))).toEqual([]);
      expect(store.list().find((m) => m.id === KNEE)?.name).toBe('Knee');
      const knee = store.get(KNEE);
      expect(knee.name).toBe('Knee');
      expect(knee.notice).toBe(KNEE_ATLAS_NOTICE);
      expect(knee.tissues).toEqual(kneeTissuesWithPathology(KNEE_ATLAS_TISSUES.keys));
      expect(knee.volume.voxelSize).toEqual([0.0006, 0.0006, 0.0006]);
      // The joint is at the isocentre: femoral condyle marrow above it, tibial plateau marrow below.
      expect(labelAtPoint(knee, [0, 0, 0.025])).toBe('marrow');
      expect(labelAtPoint(knee, [0, 0, -0.025])).toBe('marrow');
      // It carries the STIR lessons' pathology: bone-marrow oedema in the marrow, an effusion in the recess.
      const asset = loadKneeAsset();
      const ml = 0.6 ** 3 / 1000;
      const count = (labels: Uint8Array, label: number): number =>
        labels.reduce((n, l) => n + (l === label ? 1 : 0), 0);
      const oedema = knee.tissues.indexOf('marrowOedema');
      const fluid = knee.tissues.indexOf('synovialFluid');
      expect(count(knee.volume.labels, oedema) * ml).toBeGreaterThan(1);
      expect(
        asset && (count(knee.volume.labels, fluid) - count(asset.volume.labels, fluid)) * ml,
      ).toBeGreaterThan(2);
      // Its exports credit the atlas.
      expect(modelNotice(KNEE)).toBe(KNEE_ATLAS_NOTICE);
    });
  },
);
