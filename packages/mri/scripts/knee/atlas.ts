/** Reads the SPL Knee Atlas files and derives the knee model's label asset (the edge of build-knee.ts and tests). */
import { readFileSync } from 'node:fs';
import type { LabelAsset } from '../../src/anatomy/labelAsset.ts';
import { KNEE_ATLAS_TISSUES, kneeAtlasLookup } from '../../src/anatomy/knee/atlasLabels.ts';
import { parseColorTable } from './colorTable.ts';
import { deriveKneeVolume } from './derive.ts';
import { readNrrd, type NrrdVolume } from './nrrd.ts';

/** The atlas's label map (LPS, as the SPL atlases are stored) and colour table. */
export function readKneeAtlas(files: { seg: string; ctbl: string }): {
  seg: NrrdVolume;
  names: Map<number, string>;
} {
  const seg = readNrrd(files.seg);
  if (seg.space !== 'left-posterior-superior') throw new Error(`knee atlas space ${seg.space}, expected LPS`);
  return { seg, names: parseColorTable(readFileSync(files.ctbl, 'utf8')) };
}

/** The knee model's label asset derived from the atlas files. */
export function kneeLabelAsset(files: { seg: string; ctbl: string }): LabelAsset {
  const { seg, names } = readKneeAtlas(files);
  const patella = [...names].find(([, name]) => name === 'patella')?.[0];
  const volume = deriveKneeVolume(seg, kneeAtlasLookup(names, new Set(seg.data)), patella);
  return { volume, tissues: KNEE_ATLAS_TISSUES.keys };
}
