/**
 * The one loader of the shipped brain label volume (@larmor/mri's colin27 labels), shared by the simulator's
 * preview worker and the 3D viewer: fetched from the build's hashed static asset and gunzipped here with
 * DecompressionStream, unless the server already decoded it (Content-Encoding: gzip).
 */
import { decodeBrainAsset, type LabelAsset } from '@larmor/mri/anatomy';

/** The shipped brain label volume, emitted once by the build as a hashed static asset. */
const BRAIN_ASSET_URL = new URL('../../../mri/assets/brain/colin27-labels.bin.gz', import.meta.url);
/** The two bytes every gzip stream starts with. */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Fetches and decodes the brain's label volume; a failed answer throws with its HTTP status. */
export async function loadBrainAsset(): Promise<LabelAsset> {
  const response = await fetch(BRAIN_ASSET_URL);
  if (!response.ok) throw new Error(`The brain model could not be loaded (HTTP ${response.status}).`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gzipped = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
  return decodeBrainAsset(gzipped ? await gunzip(bytes) : bytes);
}
