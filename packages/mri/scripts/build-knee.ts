/**
 * Derives the knee model's label volume from the SPL Knee Atlas (see packages/mri/assets/knee/README.md) into the
 * git-ignored cache `.cache/anatomy/spl-knee-labels.bin.gz`. Run by the root postinstall and by
 * `npm run build:anatomy -w @larmor/mri`. Without the atlas it says so and exits 0: the knee model then falls back
 * to the procedural knee. It rebuilds only when the atlas files or the derivation's code changed (a SHA-256 stamp
 * beside the asset).
 */
import { resolve } from 'node:path';
import { KNEE_ATLAS_TISSUES } from '../src/anatomy/knee/atlasLabels.ts';
import { kneeLabelAsset } from './knee/atlas.ts';
import { anatomyDir, KNEE_ASSET_PATH, kneeAtlasFiles } from './knee/paths.ts';
import { assetUpToDate, inputsStamp, tissueVoxelCounts, writeStampedAsset } from './stampedAsset.ts';

const CODE = [
  'knee/atlas.ts',
  'knee/derive.ts',
  'knee/chamfer.ts',
  'knee/nrrd.ts',
  'atlasGeometry.ts',
  'distance.ts',
].map((f) => resolve(import.meta.dirname, f));
CODE.push(resolve(import.meta.dirname, '../src/anatomy/knee/atlasLabels.ts'));

const dir = anatomyDir();
const files = kneeAtlasFiles(dir);
if (!files) {
  console.log(`knee atlas not found in ${dir}: the knee model will be the procedural knee`);
} else {
  const stamp = inputsStamp([files.seg, files.ctbl, ...CODE]);
  if (assetUpToDate(KNEE_ASSET_PATH, stamp)) {
    console.log(`knee atlas label volume up to date: ${KNEE_ASSET_PATH}`);
  } else {
    const asset = kneeLabelAsset(files);
    const gzipBytes = writeStampedAsset(KNEE_ASSET_PATH, asset, stamp);
    const counts = tissueVoxelCounts(asset, KNEE_ATLAS_TISSUES.keys.length);
    console.log(KNEE_ATLAS_TISSUES.keys.map((key, i) => `${key} ${counts[i]}`).join(', '));
    console.log(`wrote ${KNEE_ASSET_PATH}: ${asset.volume.dims.join('×')} voxels, ${gzipBytes} bytes gzip`);
  }
}
