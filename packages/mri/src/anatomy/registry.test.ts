import { describe, expect, it } from 'vitest';
import type { FeatureName } from './types.ts';
import { buildModel, listModels } from './registry.ts';

const FEATURES: readonly FeatureName[] = [
  'Isocenter',
  'Tissue magnetic properties',
  'Breathing mode',
  'Heart Condition',
  'Brain Condition',
  'Default cardiac phase',
  'Physiological motion',
  'CS',
  'SWI',
  'T2Star',
];

describe('model registry', () => {
  const models = listModels();

  it('lists models with unique ids and keys, spec feature names, regions and at least one coil each', () => {
    expect(new Set(models.map((m) => m.id)).size).toBe(models.length);
    expect(new Set(models.map((m) => m.key)).size).toBe(models.length);
    for (const m of models) {
      for (const f of m.features) expect(FEATURES).toContain(f);
      expect(m.regions.length).toBeGreaterThan(0);
      expect(m.coils.length).toBeGreaterThan(0);
      for (const coil of m.coils) expect(coil.elements.length).toBeGreaterThan(0);
    }
  });

  it('includes the free plan models, brain and knee, and the heart with its cardiac features', () => {
    const keys = models.map((m) => m.key);
    expect(keys).toEqual(expect.arrayContaining(['brain', 'knee', 'heart', 'spine', 'abdomen', 'pelvis']));
    const heart = models.find((m) => m.key === 'heart');
    expect(heart?.features).toEqual(
      expect.arrayContaining(['Heart Condition', 'Default cardiac phase', 'Breathing mode']),
    );
    expect(models.find((m) => m.key === 'brain')?.features).toContain('Brain Condition');
  });

  it('refuses unknown ids and a brain without its asset', () => {
    expect(() => buildModel(-1)).toThrow(RangeError);
    const brain = models.find((m) => m.key === 'brain');
    expect(() => buildModel(brain?.id ?? 1)).toThrow(/asset/);
  });
});
