import { describe, expect, it } from 'vitest';
import { buildModel, KNEE_FALLBACK_NAME, listModels } from '../registry.ts';
import { KNEE_TISSUES } from '../procedural/knee.ts';
import type { LabelAsset } from '../labelAsset.ts';
import { KNEE_ATLAS_NOTICE, KNEE_ATLAS_TISSUES } from './atlasLabels.ts';
import { kneeTissuesWithPathology } from './pathology.ts';

/** A small asset in the atlas knee's tissue table (the real one is derived from the atlas at install time). */
function atlasAsset(tissues: readonly string[] = KNEE_ATLAS_TISSUES.keys): LabelAsset {
  const labels = Uint8Array.from({ length: 4 * 4 * 4 }, (_, i) => i % KNEE_ATLAS_TISSUES.keys.length);
  return {
    tissues,
    volume: {
      dims: [4, 4, 4],
      voxelSize: [0.0006, 0.0006, 0.0006],
      origin: [-0.001, -0.001, -0.001],
      labels,
    },
  };
}

describe('knee model (2): the SPL atlas knee, or the procedural knee when the atlas is absent', () => {
  it('falls back to the procedural knee without the atlas asset, saying so in its name and carrying no notice', () => {
    const knee = buildModel(2);
    expect(knee.name).toBe(KNEE_FALLBACK_NAME);
    expect(knee.name).toMatch(/procedural.*atlas not found/);
    expect(knee.tissues).toEqual(kneeTissuesWithPathology(KNEE_TISSUES.keys));
    expect(knee.volume.voxelSize).toEqual([0.001, 0.001, 0.001]);
    expect(knee.notice).toBeUndefined();
    expect(listModels().find((m) => m.id === 2)?.name).toBe(KNEE_FALLBACK_NAME);
  });

  it('is built from the atlas asset when given one: its volume and tissue table, named Knee, crediting the atlas', () => {
    const asset = atlasAsset();
    const knee = buildModel(2, { kneeAsset: asset });
    expect(knee.name).toBe('Knee');
    expect(knee.notice).toBe(KNEE_ATLAS_NOTICE);
    expect(knee.notice).toMatch(/SPL Knee Atlas.*Richolt/);
    expect(knee.tissues).toEqual(kneeTissuesWithPathology(KNEE_ATLAS_TISSUES.keys));
    expect(knee.volume.dims).toEqual(asset.volume.dims);
    expect(knee.volume.origin).toEqual(asset.volume.origin);
    expect(Buffer.compare(knee.volume.labels, asset.volume.labels)).toBe(0);
    const listed = listModels({ kneeAtlas: true }).find((m) => m.id === 2);
    expect(listed?.name).toBe('Knee');
    expect(listed?.notice).toBe(KNEE_ATLAS_NOTICE);
    // Region and isocentre are those of the procedural knee: both are centred on the joint.
    expect(listed?.regions).toEqual(listModels().find((m) => m.id === 2)?.regions);
  });

  it('refuses an asset derived with another tissue table (a stale cache), asking for a rebuild', () => {
    expect(() => buildModel(2, { kneeAsset: atlasAsset(['air', 'fat']) })).toThrow(/build:anatomy/);
  });

  it('leaves the other models as they were: no knee asset changes their names', () => {
    const without = listModels().filter((m) => m.id !== 2);
    const withAsset = listModels({ kneeAtlas: true }).filter((m) => m.id !== 2);
    expect(withAsset).toEqual(without);
  });
});
