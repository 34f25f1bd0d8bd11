import { describe, expect, it } from 'vitest';
import { catalogueModels } from '@larmor/mri/anatomy';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { Scanner } from '@larmor/mri';
import { createPreviewEngine } from '@larmor/mri/preview';
import { readBrainAsset } from '#lib/brain-asset.testing.ts';
import { ANATOMY_DIR, KNEE_ATLAS_PRESENT, readKneeAsset } from '#lib/knee-asset.testing.ts';
import { ABDOMEN_ATLAS_PRESENT, readAbdomenAsset } from '#lib/abdomen-asset.testing.ts';
import { buildPreviewModel, previewBuild } from './preview-model.ts';
import { testScanner } from '@larmor/mri/testing';

const scanner: Scanner = testScanner();
const brainAsset = async () => readBrainAsset();
const kneeAsset = async () => readKneeAsset();
const abdomenAsset = async () => readAbdomenAsset();

/** Share of an image's pixels brighter than a tenth of its white (the hand at 240 mm fills about 4 %). */
function litShare(grey: Uint8ClampedArray): number {
  let lit = 0;
  for (const g of grey) if (g > 25) lit++;
  return lit / grey.length;
}

describe('every model the simulator can open previews (issue 20.11)', () => {
  it.each(catalogueModels().map((m) => [m.id, m.engineKey] as const))(
    'model %i (%s): the preview renders a non-empty image of the default spin echo',
    async (id) => {
      const model = await buildPreviewModel(id, {}, brainAsset, kneeAsset, abdomenAsset);
      // Centred on the model's first region, where a student plans it.
      const center = model.regions[0]?.center ?? [0, 0, 0];
      const base = defaultProtocol('SE', scanner);
      const protocol = { ...base, matrixRead: 128, matrixPhase: 128, geometry: { ...base.geometry, center } };
      const result = createPreviewEngine(model).render(protocol, scanner, 0);
      if (!result.ok) throw new Error(result.message);
      expect(result.frame.grey.length).toBe(128 * 128);
      expect(litShare(result.frame.grey)).toBeGreaterThan(0.02);
    },
    30_000,
  );
});

describe.skipIf(!KNEE_ATLAS_PRESENT)(
  `the knee preview from the SPL atlas${KNEE_ATLAS_PRESENT ? '' : ` (skipped: SPL knee atlas not found in ${ANATOMY_DIR})`}`,
  () => {
    it('builds the knee (2) from the atlas-derived asset, as the server does, crediting the atlas', async () => {
      expect(previewBuild(2)?.needsKneeAsset).toBe(true);
      expect(readKneeAsset(), 'the knee asset: run npm run build:anatomy -w @larmor/mri').toBeDefined();
      const model = await buildPreviewModel(2, {}, brainAsset, kneeAsset);
      expect(model.name).toBe('Knee');
      expect(model.notice).toMatch(/SPL Knee Atlas/);
      expect(model.volume.voxelSize).toEqual([0.0006, 0.0006, 0.0006]);
    });
  },
);

describe.skipIf(!ABDOMEN_ATLAS_PRESENT)(
  `the abdomen and spine previews from the SPL abdominal atlas${ABDOMEN_ATLAS_PRESENT ? '' : ` (skipped: SPL abdominal atlas not found in ${ANATOMY_DIR})`}`,
  () => {
    it('builds the abdomen (5) and spine (4) from the atlas-derived asset, as the server does, crediting the atlas', async () => {
      expect(previewBuild(5)?.needsAbdomenAsset).toBe(true);
      expect(previewBuild(4)?.needsAbdomenAsset).toBe(true);
      expect(previewBuild(2)?.needsAbdomenAsset).toBe(false);
      expect(readAbdomenAsset(), 'the abdomen asset: run npm run build:anatomy -w @larmor/mri').toBeDefined();
      const abdomen = await buildPreviewModel(5, {}, brainAsset, kneeAsset, abdomenAsset);
      expect(abdomen.name).toBe('Abdomen');
      expect(abdomen.notice).toMatch(/SPL Abdominal Atlas/);
      const inhale = await buildPreviewModel(
        5,
        { breathingMode: 'breathhold_full_inhale' },
        brainAsset,
        kneeAsset,
        abdomenAsset,
      );
      expect(inhale.volume.labels).not.toEqual(abdomen.volume.labels);
      const spine = await buildPreviewModel(4, {}, brainAsset, kneeAsset, abdomenAsset);
      expect(spine.name).toBe('Spine');
    });
  },
);

describe('the preview builds the model the scan builds', () => {
  it('the tumour module (202) is the brain with its tumour; the patient settings choose the condition', async () => {
    expect(previewBuild(202)).toMatchObject({ engineModelId: 1, options: { brainCondition: 'tumor' } });
    expect(previewBuild(202, { brainCondition: 'healthy' })?.options.brainCondition).toBe('healthy');
    const model = await buildPreviewModel(202, {}, brainAsset);
    const tumour = model.tissues.indexOf('tumour');
    expect(tumour).toBeGreaterThan(0);
    expect(model.volume.labels.includes(tumour)).toBe(true);
  });

  it('settings a model has no feature for change nothing; an unknown id or setting is not built', async () => {
    expect(previewBuild(2, { brainCondition: 'tumor', cardiacPhase: 7 })?.key).toBe(previewBuild(2)?.key);
    expect(previewBuild(3, { cardiacPhase: 7 })?.key).not.toBe(previewBuild(3)?.key);
    expect(previewBuild(3, { heartCondition: 'no such condition' })?.options.heartCondition).toBe('healthy');
    expect(previewBuild(999)).toBeUndefined();
    await expect(buildPreviewModel(999, {}, brainAsset)).rejects.toThrow('unknown anatomical model 999');
  });
});
