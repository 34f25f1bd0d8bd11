import { describe, expect, it } from 'vitest';
import { BODY_TISSUES } from './body/tissues.ts';
import { BRAIN_BASE_TISSUES } from './brain/tissues.ts';
import { FOOT_TISSUES } from './procedural/foot.ts';
import { HAND_TISSUES } from './procedural/hand.ts';
import { KNEE_TISSUES } from './procedural/knee.ts';
import { KNEE_ATLAS_TISSUES } from './knee/atlasLabels.ts';
import { SHOULDER_TISSUES } from './procedural/shoulder.ts';
import { referenceTissueKey } from './referenceTissue.ts';
import { listModels } from './registry.ts';

/** The tissue keys of each model (anatomy/registry.ts), without building a volume. */
const TISSUES_BY_KEY: Readonly<Record<string, readonly string[]>> = {
  brain: BRAIN_BASE_TISSUES.keys,
  knee: KNEE_TISSUES.keys,
  shoulder: SHOULDER_TISSUES.keys,
  hand: HAND_TISSUES.keys,
  foot: FOOT_TISSUES.keys,
};

describe('reference tissue of each model (the relative SNR follows its signal)', () => {
  it('is a tissue the model contains, for every model: white matter for the brain, muscle for the knee', () => {
    for (const model of listModels()) {
      const keys = TISSUES_BY_KEY[model.key] ?? BODY_TISSUES.keys;
      expect(keys, model.name).toContain(referenceTissueKey(model.id));
    }
    expect(referenceTissueKey(1)).toBe('whiteMatter');
    expect(referenceTissueKey(2)).toBe('muscle');
    // The atlas knee (model 2 where its asset was derived) holds muscle too.
    expect(KNEE_ATLAS_TISSUES.keys).toContain(referenceTissueKey(2));
  });
});
