// Tests read the atlas-derived abdomen asset from the install-time cache, as the build does; product code fetches it
// (abdomen-asset.ts).
/* eslint-disable no-restricted-imports */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
/* eslint-enable no-restricted-imports */
import { decodeLabelAsset, type LabelAsset } from '@larmor/mri/anatomy';
import { ANATOMY_DIR } from './knee-asset.testing.ts';

// A path, not new URL(…, import.meta.url): Vite rewrites those into served asset URLs.
const ABDOMEN_ASSET = resolve(import.meta.dirname, '../../../../.cache/anatomy/spl-abdomen-labels.bin.gz');
/** Whether the SPL abdominal atlas is there (then npm install derived the abdomen asset from it). */
export const ABDOMEN_ATLAS_PRESENT = existsSync(resolve(ANATOMY_DIR, 'spl-abdomen', 'seg.nrrd'));

let asset: LabelAsset | undefined;

/** The abdomen's label volume read from the cache (once per test file), or undefined where it was not derived. */
export function readAbdomenAsset(): LabelAsset | undefined {
  if (!existsSync(ABDOMEN_ASSET)) return undefined;
  return (asset ??= decodeLabelAsset(new Uint8Array(gunzipSync(readFileSync(ABDOMEN_ASSET)))));
}
