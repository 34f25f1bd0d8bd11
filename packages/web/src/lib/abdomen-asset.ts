/**
 * The loader of the abdomen label volume that `npm install` derives from the SPL Abdominal Atlas into the project's
 * git-ignored cache (packages/mri/assets/abdomen/README.md), shared by the simulator's preview worker and the 3D
 * viewer; the abdomen (model 5) and lumbar spine (model 4) are built from it. Where the atlas was absent at build
 * time there is no such file: the answer is then undefined and both are the procedural trunk, as on the server.
 */
import type { LabelAsset } from '@larmor/mri/anatomy';
import { loadDerivedAsset } from './derived-asset.ts';

/** The derived abdomen label volume, emitted by the build as a hashed static asset when the cache holds it. */
const ABDOMEN_ASSET_URL = new URL('../../../../.cache/anatomy/spl-abdomen-labels.bin.gz', import.meta.url);

/** Fetches and decodes the abdomen's label volume; undefined when the build had none (see loadDerivedAsset). */
export function loadAbdomenAsset(): Promise<LabelAsset | undefined> {
  return loadDerivedAsset(ABDOMEN_ASSET_URL, 'abdomen');
}
