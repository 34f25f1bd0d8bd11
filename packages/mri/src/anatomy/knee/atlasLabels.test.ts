import { describe, expect, it } from 'vitest';
import { tissueDefinition } from '../../tissue/library.ts';
import {
  KNEE_ATLAS_BONES,
  KNEE_ATLAS_LABEL_TISSUES,
  KNEE_ATLAS_TISSUES,
  KNEE_ATLAS_UNNAMED_LABELS,
  kneeAtlasLookup,
} from './atlasLabels.ts';

describe('knee atlas label mapping', () => {
  it('gives every atlas structure and unnamed label a tissue that the library defines and the knee table holds', () => {
    for (const key of [
      ...Object.values(KNEE_ATLAS_LABEL_TISSUES),
      ...Object.values(KNEE_ATLAS_UNNAMED_LABELS),
    ]) {
      expect(() => tissueDefinition(key)).not.toThrow();
      expect(KNEE_ATLAS_TISSUES.keys).toContain(key);
    }
  });

  it('maps the bones to marrow (the derivation adds their cortex), cartilages, menisci and ligaments to their tissues', () => {
    for (const bone of KNEE_ATLAS_BONES) expect(KNEE_ATLAS_LABEL_TISSUES[bone]).toBe('marrow');
    expect(KNEE_ATLAS_LABEL_TISSUES.femoral_cartilage).toBe('cartilage');
    expect(KNEE_ATLAS_LABEL_TISSUES.medial_meniscus).toBe('meniscus');
    expect(KNEE_ATLAS_LABEL_TISSUES.anterior_cruciate_ligament).toBe('tendon');
    expect(KNEE_ATLAS_LABEL_TISSUES.popliteal_artery).toBe('blood');
    expect(KNEE_ATLAS_LABEL_TISSUES.popliteal_vein).toBe('venousBlood');
    expect(KNEE_ATLAS_LABEL_TISSUES.infrapatellar_fat_body).toBe('fat');
  });

  it('builds a value → tissue-index lookup from a colour table, background 0 → air', () => {
    const names = new Map([
      [83, 'femoral_cartilage'],
      [95, 'femur'],
    ]);
    const lookup = kneeAtlasLookup(names, [0, 83, 95, 3]);
    expect(lookup.get(0)).toBe(0);
    expect(KNEE_ATLAS_TISSUES.keys[lookup.get(83) ?? -1]).toBe('cartilage');
    expect(KNEE_ATLAS_TISSUES.keys[lookup.get(95) ?? -1]).toBe('marrow');
    expect(KNEE_ATLAS_TISSUES.keys[lookup.get(3) ?? -1]).toBe('nerve');
  });

  it('refuses a label it cannot map, naming it, instead of letting the structure become background', () => {
    expect(() => kneeAtlasLookup(new Map([[50, 'plantaris_muscle']]), [50, 7])).toThrow(
      /50 plantaris_muscle, 7 \(unnamed\)/,
    );
  });
});
