import { describe, expect, it } from 'vitest';
import { tissueDefinition } from '../tissue/library.ts';
import { BRAIN_BASE_TISSUES, BRAIN_CONDITION_TISSUES } from './brain/tissues.ts';
import { BODY_TISSUES } from './body/tissues.ts';
import { KNEE_TISSUES } from './procedural/knee.ts';
import { KNEE_ATLAS_TISSUES } from './knee/atlasLabels.ts';
import { ABDOMEN_ATLAS_TISSUES } from './abdomen/atlasLabels.ts';
import { SHOULDER_TISSUES } from './procedural/shoulder.ts';
import { HAND_TISSUES } from './procedural/hand.ts';
import { FOOT_TISSUES } from './procedural/foot.ts';

describe('model tissue tables', () => {
  it('use only tissues the tissue library knows (by key or alias), with air as label 0', () => {
    const tables = [
      [...BRAIN_BASE_TISSUES.keys, ...BRAIN_CONDITION_TISSUES],
      BODY_TISSUES.keys,
      KNEE_TISSUES.keys,
      KNEE_ATLAS_TISSUES.keys,
      ABDOMEN_ATLAS_TISSUES.keys,
      SHOULDER_TISSUES.keys,
      HAND_TISSUES.keys,
      FOOT_TISSUES.keys,
    ];
    for (const keys of tables) {
      expect(keys[0]).toBe('air');
      expect(keys.length).toBeLessThan(256);
      for (const key of keys) expect(() => tissueDefinition(key), key).not.toThrow();
    }
  });
});
