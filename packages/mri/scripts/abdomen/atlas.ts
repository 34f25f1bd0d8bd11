/** Reads the SPL Abdominal Atlas files and derives the abdomen's label asset (the edge of build-abdomen.ts and tests). */
import { readFileSync } from 'node:fs';
import type { LabelAsset } from '../../src/anatomy/labelAsset.ts';
import { ABDOMEN_ATLAS_TISSUES, abdomenAtlasLookup } from '../../src/anatomy/abdomen/atlasLabels.ts';
import { parseColorTable } from '../knee/colorTable.ts';
import { readNrrd, type NrrdVolume } from '../knee/nrrd.ts';
import { deriveAbdomenVolume } from './derive.ts';

/** The colour-table name of the disc at whose level the conus medullaris ends (L1–L2). */
export const CONUS_DISC = 'L2-L1-IntervertebralDisc';

/** The atlas's label map (LPS) and colour table. */
export function readAbdomenAtlas(files: { seg: string; ctbl: string }): {
  seg: NrrdVolume;
  names: Map<number, string>;
} {
  const seg = readNrrd(files.seg);
  if (seg.space !== 'left-posterior-superior')
    throw new Error(`abdominal atlas space ${seg.space}, expected LPS`);
  return { seg, names: parseColorTable(readFileSync(files.ctbl, 'utf8')) };
}

/** The abdomen's label asset derived from the atlas files. */
export function abdomenLabelAsset(files: { seg: string; ctbl: string }): LabelAsset {
  const { seg, names } = readAbdomenAtlas(files);
  const conusDiscValue = [...names].find(([, name]) => name === CONUS_DISC)?.[0];
  if (conusDiscValue === undefined) throw new Error(`the abdominal atlas colour table has no ${CONUS_DISC}`);
  const lookup = abdomenAtlasLookup(names, new Set(seg.data));
  return {
    volume: deriveAbdomenVolume({ atlas: seg, lookup, conusDiscValue }),
    tissues: ABDOMEN_ATLAS_TISSUES.keys,
  };
}
