// Tests read the atlas-derived knee asset from the install-time cache, as the build does; product code fetches it
// (knee-asset.ts).
/* eslint-disable no-restricted-imports */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
/* eslint-enable no-restricted-imports */
import { decodeLabelAsset, type LabelAsset } from '@larmor/mri/anatomy';

// A path, not new URL(…, import.meta.url): Vite rewrites those into served asset URLs.
const KNEE_ASSET = resolve(import.meta.dirname, '../../../../.cache/anatomy/spl-knee-labels.bin.gz');
/** Where the build looks for the SPL atlases (LARMOR_ANATOMY_DIR, else ../shared/data/anatomy from the root). */
export const ANATOMY_DIR = process.env.LARMOR_ANATOMY_DIR
  ? resolve(process.env.LARMOR_ANATOMY_DIR)
  : resolve(import.meta.dirname, '../../../../../shared/data/anatomy');
/** Whether the SPL knee atlas is there (then npm install derived the knee asset from it). */
export const KNEE_ATLAS_PRESENT = existsSync(resolve(ANATOMY_DIR, 'spl-knee', 'seg.nrrd'));

let asset: LabelAsset | undefined;

/** The knee's label volume read from the cache (once per test file), or undefined where it was not derived. */
export function readKneeAsset(): LabelAsset | undefined {
  if (!existsSync(KNEE_ASSET)) return undefined;
  return (asset ??= decodeLabelAsset(new Uint8Array(gunzipSync(readFileSync(KNEE_ASSET)))));
}
