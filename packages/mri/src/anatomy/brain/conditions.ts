import type { TissueKey } from '../../tissue/types.ts';
import type { LabelVolume } from '../types.ts';
import type { BrainCondition } from '../conditions.ts';
import type { LabelAsset } from '../labelAsset.ts';
import { BRAIN_CONDITION_TISSUES } from './tissues.ts';
import { paintMsLesions } from './msLesions.ts';
import { paintTumour } from './tumour.ts';
import { paintAirSpaces } from './airSpaces.ts';

/**
 * Brain conditions applied to the Colin27 label volume at load time, procedurally and deterministically:
 * MS lesions graded by count and size (msLesions.ts), or a glioma with enhancing rim, necrotic core, oedema, mass
 * effect and a few small haemorrhages (tumour.ts, tumourHaemorrhage.ts). Every shape is a seeded irregular blob
 * (lesionShapes.ts). Every condition, healthy included, has the skull base's air spaces (airSpaces.ts: sinuses and
 * mastoids, air where the asset has bone).
 */

/** The label table of a brain model: the asset's tissues followed by the condition tissues. */
export function brainTissues(asset: LabelAsset): TissueKey[] {
  return [...asset.tissues, ...BRAIN_CONDITION_TISSUES.filter((t) => !asset.tissues.includes(t))];
}

/**
 * A copy of the asset's labels with the condition applied. The label table is `brainTissues(asset)` whatever the
 * condition, so tissue indices do not depend on it.
 */
export function applyBrainCondition(asset: LabelAsset, condition: BrainCondition): LabelVolume {
  const tissues = brainTissues(asset);
  const idx = (key: TissueKey): number => tissues.indexOf(key);
  // A copy (not slice(), which is a view for Node Buffers): the asset is shared between conditions.
  const volume: LabelVolume = { ...asset.volume, labels: new Uint8Array(asset.volume.labels) };
  paintAirSpaces(volume, idx('corticalBone'));
  if (condition === 'healthy') return volume;
  if (condition === 'tumor') {
    paintTumour(volume, {
      whiteMatter: idx('whiteMatter'),
      greyMatter: idx('greyMatter'),
      deepGreyMatter: idx('deepGreyMatter'),
      csf: idx('csf'),
      tumour: idx('tumour'),
      necrosis: idx('necrosis'),
      oedema: idx('oedema'),
      haemorrhage: idx('haemorrhage'),
    });
    return volume;
  }
  paintMsLesions(volume, condition, {
    whiteMatter: idx('whiteMatter'),
    greyMatter: idx('greyMatter'),
    csf: idx('csf'),
    msLesion: idx('msLesion'),
  });
  return volume;
}
