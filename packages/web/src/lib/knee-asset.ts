/**
 * The loader of the knee label volume that `npm install` derives from the SPL Knee Atlas into the project's
 * git-ignored cache (packages/mri/assets/knee/README.md), shared by the simulator's preview worker and the 3D
 * viewer. Where the atlas was absent at build time there is no such file: the answer is then undefined and the knee
 * is the procedural knee, as on the server.
 */
import type { LabelAsset } from '@larmor/mri/anatomy';
import { loadDerivedAsset } from './derived-asset.ts';

/** The derived knee label volume, emitted by the build as a hashed static asset when the cache holds it. */
const KNEE_ASSET_URL = new URL('../../../../.cache/anatomy/spl-knee-labels.bin.gz', import.meta.url);

/**
 * Fetches and decodes the knee's label volume; undefined when the build had none (a 404, or the app's HTML page that
 * a server answers unknown paths with). Other failed answers throw with their HTTP status.
 */
export function loadKneeAsset(): Promise<LabelAsset | undefined> {
  return loadDerivedAsset(KNEE_ASSET_URL, 'knee');
}
