// Tests read the shipped brain asset from disk, as the build does; product code fetches it (brain-asset.ts).
/* eslint-disable no-restricted-imports */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
/* eslint-enable no-restricted-imports */
import { decodeBrainAsset, type LabelAsset } from '@larmor/mri/anatomy';

// A path, not new URL(…, import.meta.url): Vite rewrites those into served asset URLs.
const BRAIN_ASSET = resolve(import.meta.dirname, '../../../mri/assets/brain/colin27-labels.bin.gz');

let asset: LabelAsset | undefined;

/** The brain's label volume read from disk (once per test file). */
export function readBrainAsset(): LabelAsset {
  return (asset ??= decodeBrainAsset(new Uint8Array(gunzipSync(readFileSync(BRAIN_ASSET)))));
}
