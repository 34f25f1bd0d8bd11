/**
 * Fetching a label volume that `npm install` derives from an SPL atlas into the project's git-ignored cache
 * (knee-asset.ts, abdomen-asset.ts). Where the atlas was absent at build time there is no such file: the answer is
 * then undefined and the model is the procedural one, as on the server.
 */
import { decodeLabelAsset, type LabelAsset } from '@larmor/mri/anatomy';
import { assetBytes } from './gzip-asset.ts';

const LABEL_MAGIC = 'LARMORLV';

/**
 * Fetches and decodes the label volume at `url`; undefined when the build had none (a 404, or the app's HTML page
 * that a server answers unknown paths with). Other failed answers throw with their HTTP status, naming `model`.
 */
export async function loadDerivedAsset(url: URL, model: string): Promise<LabelAsset | undefined> {
  const response = await fetch(url);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`The ${model} model could not be loaded (HTTP ${response.status}).`);
  const raw = await assetBytes(response);
  if (new TextDecoder().decode(raw.subarray(0, LABEL_MAGIC.length)) !== LABEL_MAGIC) return undefined;
  return decodeLabelAsset(raw);
}
