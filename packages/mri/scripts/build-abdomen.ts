/**
 * Derives the abdomen's (and lumbar spine's) label volume from the SPL Abdominal Atlas (see
 * packages/mri/assets/abdomen/README.md) into the git-ignored cache `.cache/anatomy/spl-abdomen-labels.bin.gz`. Run
 * by the root postinstall through `npm run build:anatomy -w @larmor/mri`. Without the atlas it says so and exits 0:
 * models 4 and 5 then fall back to the procedural trunk. It rebuilds only when the atlas files or the derivation's
 * code changed (a SHA-256 stamp beside the asset).
 */
import { resolve } from 'node:path';
import { ABDOMEN_ATLAS_TISSUES } from '../src/anatomy/abdomen/atlasLabels.ts';
import { abdomenLabelAsset } from './abdomen/atlas.ts';
import { ABDOMEN_ASSET_PATH, abdomenAtlasFiles, anatomyDir } from './knee/paths.ts';
import { assetUpToDate, inputsStamp, tissueVoxelCounts, writeStampedAsset } from './stampedAsset.ts';

const CODE = [
  'abdomen/atlas.ts',
  'abdomen/derive.ts',
  'abdomen/canal.ts',
  'atlasGeometry.ts',
  'abdomen/shapeVote.ts',
  'knee/chamfer.ts',
  'knee/nrrd.ts',
  'distance.ts',
  '../src/anatomy/abdomen/atlasLabels.ts',
].map((f) => resolve(import.meta.dirname, f));

const dir = anatomyDir();
const files = abdomenAtlasFiles(dir);
if (!files) {
  console.log(
    `abdominal atlas not found in ${dir}: the abdomen and spine models will be the procedural trunk`,
  );
} else {
  const stamp = inputsStamp([files.seg, files.ctbl, ...CODE]);
  if (assetUpToDate(ABDOMEN_ASSET_PATH, stamp)) {
    console.log(`abdominal atlas label volume up to date: ${ABDOMEN_ASSET_PATH}`);
  } else {
    const started = performance.now();
    const asset = abdomenLabelAsset(files);
    const gzipBytes = writeStampedAsset(ABDOMEN_ASSET_PATH, asset, stamp);
    const counts = tissueVoxelCounts(asset, ABDOMEN_ATLAS_TISSUES.keys.length);
    const ml = (asset.volume.voxelSize[0] * 1000) ** 3 / 1000;
    console.log(
      ABDOMEN_ATLAS_TISSUES.keys
        .map((key, i) => `${key} ${((counts[i] ?? 0) * ml).toFixed(0)} ml`)
        .join(', '),
    );
    console.log(
      `wrote ${ABDOMEN_ASSET_PATH}: ${asset.volume.dims.join('×')} voxels, ${gzipBytes} bytes gzip, ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}
