import { SEQUENCE_TYPES } from '@larmor/contracts';
import { catalogueModels } from '@larmor/mri/anatomy';
import { SEQUENCE_FAMILIES } from '@larmor/mri';
import { describe, expect, it } from 'vitest';
import { availableModels, createModelStore } from '../../../anatomy/modelStore.ts';
import { anatomicalModelCatalogue, anatomicalModelOf } from './model-catalogue.ts';

/** The engine models as this installation builds them (the knee from its atlas asset where it was derived). */
const listModels = () => availableModels();

describe('the module catalogue of anatomical models and sequence types', () => {
  it('gives every id a real engine model, the spec’s special ids included (simulator.md §2, §9)', () => {
    const ids = anatomicalModelCatalogue().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([...listModels().map((m) => m.id), 202, 203, 204, 207, 223, 100001]),
    );
    for (const option of anatomicalModelCatalogue()) {
      expect(listModels().find((m) => m.id === option.engineModelId)?.name, String(option.id)).toBe(
        option.engineModelName,
      );
    }
    expect(
      anatomicalModelCatalogue()
        .filter((m) => m.contrast && !m.timingBolus)
        .map((m) => m.id),
    ).toEqual([202, 203, 204, 207]);
  });

  it('lists exactly the ids of @larmor/mri’s catalogue (the single list the live preview builds too)', () => {
    expect(anatomicalModelCatalogue().map((m) => [m.id, m.engineModelId, m.brainCondition])).toEqual(
      catalogueModels().map((m) => [m.id, m.engineModelId, m.brainCondition ?? null]),
    );
    expect(anatomicalModelOf(202)?.brainCondition).toBe('tumor');
  });

  it('lists for each model the tissues its label volume really holds (models built as the server builds them)', () => {
    const store = createModelStore({ maxEntries: 1 });
    for (const id of [2, 5]) {
      const built = store.get(id);
      const labels = new Set(built.volume.labels);
      const present = built.tissues.filter((_, index) => labels.has(index) && built.tissues[index] !== 'air');
      const listed = anatomicalModelOf(id)?.tissues ?? [];
      for (const tissue of present) expect(listed, `model ${id}`).toContain(tissue);
      for (const tissue of listed) expect(built.tissues, `model ${id}`).toContain(tissue);
    }
  });

  it('the timing-bolus model holds blood (its aorta), the tumour model the tumour tissue', () => {
    expect(anatomicalModelOf(223)?.tissues).toContain('blood');
    expect(anatomicalModelOf(202)?.tissues).toContain('tumour');
  });

  it('every sequence type runs on a family the engine offers', () => {
    for (const type of SEQUENCE_TYPES) {
      expect(SEQUENCE_FAMILIES as readonly string[], `code ${type.code}`).toContain(type.family);
    }
    expect(new Set(SEQUENCE_TYPES.map((t) => t.family))).toEqual(new Set(SEQUENCE_FAMILIES));
  });
});
