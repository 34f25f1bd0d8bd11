/**
 * The one loader of the shipped brain label volume (@larmor/mri's colin27 labels), shared by the simulator's
 * preview worker and the 3D viewer: fetched from the build's hashed static asset and gunzipped (gzip-asset.ts).
 */
import { decodeBrainAsset, type LabelAsset } from '@larmor/mri/anatomy';
import { assetBytes } from './gzip-asset.ts';

/** The shipped brain label volume, emitted once by the build as a hashed static asset. */
const BRAIN_ASSET_URL = new URL('../../../mri/assets/brain/colin27-labels.bin.gz', import.meta.url);
/** Fetches and decodes the brain's label volume; a failed answer throws with its HTTP status. */
export async function loadBrainAsset(): Promise<LabelAsset> {
  const response = await fetch(BRAIN_ASSET_URL);
  if (!response.ok) throw new Error(`The brain model could not be loaded (HTTP ${response.status}).`);
  return decodeBrainAsset(await assetBytes(response));
}
