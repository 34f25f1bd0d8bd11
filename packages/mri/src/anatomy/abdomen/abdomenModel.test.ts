import { describe, expect, it } from 'vitest';
import { ABDOMEN_FALLBACK_NAME, buildModel, listModels, SPINE_FALLBACK_NAME } from '../registry.ts';
import { BODY_TISSUES } from '../body/tissues.ts';
import type { LabelAsset } from '../labelAsset.ts';
import {
  ABDOMEN_ATLAS_NOTICE,
  ABDOMEN_ATLAS_TISSUES,
  abdomenAtlasLabel,
  abdomenAtlasLookup,
} from './atlasLabels.ts';
import { breatheAbdomen, BREATHING_TAPER_MM, lumbarSpineVolume } from './abdomenModel.ts';

const T = ABDOMEN_ATLAS_TISSUES.index;
const V = 0.002;

/**
 * A 40 × 40 × 200 column (2 mm voxels, 400 mm tall) in the atlas abdomen's table: muscle all around, a liver block
 * from z 300–360 mm, kidney cortex at 200–240 mm, a disc nucleus at 20–30 mm by x 10–20, y 20–30, visceral fat
 * elsewhere inside.
 */
function column(tissues: readonly string[] = ABDOMEN_ATLAS_TISSUES.keys): LabelAsset {
  const [nx, ny, nz] = [40, 40, 200];
  const labels = new Uint8Array(nx * ny * nz);
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        const p = (z * ny + y) * nx + x;
        const wall = x < 2 || y < 2 || x >= nx - 2 || y >= ny - 2;
        const mmZ = z * 2;
        labels[p] = wall
          ? T.muscle
          : mmZ >= 300 && mmZ < 360
            ? T.liver
            : mmZ >= 200 && mmZ < 240
              ? T.kidneyCortex
              : mmZ >= 20 && mmZ < 30 && x >= 10 && x < 20 && y >= 20 && y < 30
                ? T.discNucleus
                : T.visceralFat;
      }
  return {
    tissues,
    volume: { dims: [nx, ny, nz], voxelSize: [V, V, V], origin: [-0.04, -0.04, -0.2], labels },
  };
}

const zRange = (labels: Uint8Array, label: number, plane: number): [number, number] => {
  let lo = Infinity;
  let hi = -Infinity;
  labels.forEach((l, p) => {
    if (l !== label) return;
    const z = Math.floor(p / plane);
    lo = Math.min(lo, z);
    hi = Math.max(hi, z);
  });
  return [lo, hi];
};

describe('abdomen (5) and spine (4): the SPL abdominal atlas, or the procedural trunk when the atlas is absent', () => {
  it('falls back to the procedural trunk without the atlas asset, saying so in the names and carrying no notice', () => {
    for (const [id, name] of [
      [5, ABDOMEN_FALLBACK_NAME],
      [4, SPINE_FALLBACK_NAME],
    ] as const) {
      expect(name).toMatch(/\(procedural: atlas not found\)$/);
      expect(listModels().find((m) => m.id === id)?.name).toBe(name);
      expect(listModels().find((m) => m.id === id)?.notice).toBeUndefined();
    }
    const abdomen = buildModel(5);
    expect(abdomen.name).toBe(ABDOMEN_FALLBACK_NAME);
    expect(abdomen.tissues).toEqual(BODY_TISSUES.keys);
  }, 60_000); // the procedural trunk takes about 1 s of CPU, many more on a loaded machine

  it('is built from the atlas asset when given one, named Abdomen and Spine, crediting the atlas', () => {
    const asset = column();
    const abdomen = buildModel(5, { abdomenAsset: asset });
    expect(abdomen.name).toBe('Abdomen');
    expect(abdomen.notice).toBe(ABDOMEN_ATLAS_NOTICE);
    expect(abdomen.notice).toMatch(/SPL Abdominal Atlas/);
    // End-expiration: the atlas as drawn (the model adds only its seeded texture, anatomy/texture.ts).
    expect(abdomen.volume.labels).toBe(asset.volume.labels);
    expect(abdomen.volume.dims).toEqual(asset.volume.dims);
    const spine = buildModel(4, { abdomenAsset: asset });
    expect(spine.name).toBe('Spine');
    expect(spine.notice).toBe(ABDOMEN_ATLAS_NOTICE);
    expect(listModels({ abdomenAtlas: true }).find((m) => m.id === 5)?.name).toBe('Abdomen');
    const others = (a: ReturnType<typeof listModels>) => a.filter((m) => m.id !== 4 && m.id !== 5);
    expect(others(listModels({ abdomenAtlas: true }))).toEqual(others(listModels()));
  });

  it('refuses an asset derived with another tissue table (a stale cache), asking for a rebuild', () => {
    expect(() => buildModel(5, { abdomenAsset: column(['air', 'fat']) })).toThrow(/build:anatomy/);
  });

  it('moves the organs down with the diaphragm on inspiration, less further from the dome; the wall stays put', () => {
    const { volume } = column();
    const plane = 40 * 40;
    const inhaled = breatheAbdomen(volume, -0.03);
    const [liverLo, liverHi] = zRange(volume.labels, T.liver, plane);
    const [inLo, inHi] = zRange(inhaled.labels, T.liver, plane);
    // The dome (top) moves the full 30 mm = 15 voxels; the liver's lower edge 60 mm lower moves 1 − 60/250 of it.
    expect(liverHi - inHi).toBe(15);
    expect(liverLo - inLo).toBeCloseTo(15 * (1 - 60 / BREATHING_TAPER_MM), 0);
    const [kLo] = zRange(volume.labels, T.kidneyCortex, plane);
    const [kInLo] = zRange(inhaled.labels, T.kidneyCortex, plane);
    expect(kLo - kInLo).toBeGreaterThan(0);
    expect(kLo - kInLo).toBeLessThan(15);
    // The wall (muscle) is the same voxels; nothing of the liver is left above its new dome.
    inhaled.labels.forEach((l, p) => {
      if (volume.labels[p] === T.muscle) expect(l).toBe(T.muscle);
    });
    expect(breatheAbdomen(volume, 0)).toBe(volume);
  });

  it('cuts the spine around the discs, their centroid on the isocentre left-right and front-back', () => {
    const spine = lumbarSpineVolume(column().volume);
    let sx = 0;
    let sy = 0;
    let n = 0;
    const [nx, ny] = spine.dims;
    spine.labels.forEach((l, p) => {
      if (l !== T.discNucleus) return;
      sx += spine.origin[0] + (p % nx) * V;
      sy += spine.origin[1] + (Math.floor(p / nx) % ny) * V;
      n++;
    });
    expect(n).toBeGreaterThan(0);
    expect(Math.abs(sx / n)).toBeLessThan(V);
    expect(Math.abs(sy / n)).toBeLessThan(V);
  });
});

describe('abdominal atlas label mapping', () => {
  it('maps organs, bones, discs, bowel, muscles and vessels by name, and refuses a name it does not know', () => {
    expect(abdomenAtlasLabel('liver')).toEqual({ role: 'organ', tissue: 'liver' });
    expect(abdomenAtlasLabel('gallbladder')?.tissue).toBe('bile');
    expect(abdomenAtlasLabel('Lumbar3')).toEqual({ role: 'vertebra', tissue: 'vertebralMarrow' });
    expect(abdomenAtlasLabel('Rib11')?.role).toBe('bone');
    expect(abdomenAtlasLabel('L4-L3-IntervertebralDisc')?.role).toBe('disc');
    expect(abdomenAtlasLabel('colon_and_ileum')?.role).toBe('colon');
    expect(abdomenAtlasLabel('left_psoas_muscle')?.tissue).toBe('muscle');
    expect(abdomenAtlasLabel('splenic_artery')?.tissue).toBe('blood');
    expect(abdomenAtlasLabel('portal_vein_and_superior_mesenteric_vein')?.tissue).toBe('venousBlood');
    expect(abdomenAtlasLabel('inferior_vena_cava')?.tissue).toBe('venousBlood');
    expect(abdomenAtlasLabel('thyroid')).toBeUndefined();
    expect(() => abdomenAtlasLookup(new Map([[50, 'thyroid']]), [50, 7])).toThrow(
      /50 thyroid, 7 \(unnamed\)/,
    );
    expect(abdomenAtlasLookup(new Map(), [699]).get(699)?.role).toBe('bone');
  });
});
