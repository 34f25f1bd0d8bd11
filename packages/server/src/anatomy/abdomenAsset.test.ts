import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ABDOMEN_ATLAS_NOTICE,
  ABDOMEN_ATLAS_TISSUES,
  ABDOMEN_FALLBACK_NAME,
  BODY_TISSUES,
  labelAtPoint,
  SPINE_FALLBACK_NAME,
} from '@larmor/mri/anatomy';
import { ABDOMEN_ASSET_PATH, availableModels, createModelStore, modelNotice } from './modelStore.ts';

const SPINE = 4;
const ABDOMEN = 5;
/** Where the build looks for the SPL atlases (packages/mri/scripts/knee/paths.ts): the same rule, read here. */
const ANATOMY_DIR = process.env.LARMOR_ANATOMY_DIR
  ? resolve(process.env.LARMOR_ANATOMY_DIR)
  : resolve(import.meta.dirname, '../../../../../shared/data/anatomy');
const ATLAS = existsSync(resolve(ANATOMY_DIR, 'spl-abdomen', 'seg.nrrd'));

describe('abdomen and spine models without the abdominal atlas asset (fallback)', () => {
  const missing = resolve(import.meta.dirname, 'no-such-dir', 'spl-abdomen-labels.bin.gz');

  it('lists and builds the procedural trunk under names that say so, and logs that once per logger', () => {
    const messages: string[] = [];
    const log = (m: string): void => void messages.push(m);
    const store = createModelStore({ abdomenAssetPath: missing, log });
    createModelStore({ abdomenAssetPath: missing, log });
    expect(store.list().find((m) => m.id === ABDOMEN)?.name).toBe(ABDOMEN_FALLBACK_NAME);
    expect(store.list().find((m) => m.id === SPINE)?.name).toBe(SPINE_FALLBACK_NAME);
    const abdomen = store.get(ABDOMEN);
    expect(abdomen.name).toBe(ABDOMEN_FALLBACK_NAME);
    expect(abdomen.notice).toBeUndefined();
    expect(abdomen.tissues).toEqual(BODY_TISSUES.keys);
    const told = messages.filter((m) => m.startsWith('abdominal'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(
      /abdominal atlas asset not found.*models 4 \(spine\) and 5 \(abdomen\).*LARMOR_ANATOMY_DIR/,
    );
  });

  it('exports the procedural abdomen and spine without an atlas credit', () => {
    expect(availableModels({ abdomen: missing }).find((m) => m.id === ABDOMEN)?.name).toBe(
      ABDOMEN_FALLBACK_NAME,
    );
    expect(modelNotice(ABDOMEN, { abdomen: missing })).toBeUndefined();
    expect(modelNotice(SPINE, { abdomen: missing })).toBeUndefined();
  });
});

describe.skipIf(!ATLAS)(
  `abdomen and spine from the SPL abdominal atlas asset${ATLAS ? '' : ` (skipped: atlas not found in ${ANATOMY_DIR})`}`,
  () => {
    it('was derived by npm install into the cache; the store builds both from it, crediting the atlas', () => {
      expect(
        existsSync(ABDOMEN_ASSET_PATH),
        `${ABDOMEN_ASSET_PATH}: run npm run build:anatomy -w @larmor/mri`,
      ).toBe(true);
      const messages: string[] = [];
      const store = createModelStore({ log: (m) => void messages.push(m) });
      expect(messages.filter((m) => m.startsWith('abdominal'))).toEqual([]);
      const abdomen = store.get(ABDOMEN, { breathingMode: 'breathhold_full_exhale' });
      expect(abdomen.name).toBe('Abdomen');
      expect(abdomen.notice).toBe(ABDOMEN_ATLAS_NOTICE);
      expect(abdomen.tissues).toEqual(ABDOMEN_ATLAS_TISSUES.keys);
      // The isocentre is at the kidneys' level inside the trunk; the spine lies behind it.
      expect(labelAtPoint(abdomen, [0, 0, 0])).not.toBe('air');
      const inhale = store.get(ABDOMEN, { breathingMode: 'breathhold_full_inhale' });
      expect(inhale).not.toBe(abdomen);
      const spine = store.get(SPINE);
      expect(spine.name).toBe('Spine');
      expect(spine.notice).toBe(ABDOMEN_ATLAS_NOTICE);
      expect(modelNotice(ABDOMEN)).toBe(ABDOMEN_ATLAS_NOTICE);
      expect(modelNotice(SPINE)).toBe(ABDOMEN_ATLAS_NOTICE);
    });
  },
);
