/**
 * Derives the knee model's label volume from the SPL Knee Atlas (see packages/mri/assets/knee/README.md) into the
 * git-ignored cache `.cache/anatomy/spl-knee-labels.bin.gz`. Run by the root postinstall and by
 * `npm run build:anatomy -w @larmor/mri`. Without the atlas it says so and exits 0: the knee model then falls back
 * to the procedural knee. It rebuilds only when the atlas files or the derivation's code changed (a SHA-256 stamp
 * beside the asset).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { encodeLabelAsset } from '../src/anatomy/labelAsset.ts';
import { KNEE_ATLAS_TISSUES } from '../src/anatomy/knee/atlasLabels.ts';
import { kneeLabelAsset } from './knee/atlas.ts';
import { anatomyDir, KNEE_ASSET_PATH, kneeAtlasFiles } from './knee/paths.ts';

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
  const hash = createHash('sha256');
  for (const f of [files.seg, files.ctbl, ...CODE]) hash.update(readFileSync(f));
  const stamp = hash.digest('hex');
  const stampPath = `${KNEE_ASSET_PATH}.sha256`;
  if (existsSync(KNEE_ASSET_PATH) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) {
    console.log(`knee atlas label volume up to date: ${KNEE_ASSET_PATH}`);
  } else {
    const asset = kneeLabelAsset(files);
    const gz = gzipSync(encodeLabelAsset(asset), { level: 9 });
    mkdirSync(dirname(KNEE_ASSET_PATH), { recursive: true });
    writeFileSync(KNEE_ASSET_PATH, gz);
    writeFileSync(stampPath, stamp);
    const counts = new Array<number>(KNEE_ATLAS_TISSUES.keys.length).fill(0);
    for (const l of asset.volume.labels) counts[l] = (counts[l] ?? 0) + 1;
    console.log(KNEE_ATLAS_TISSUES.keys.map((key, i) => `${key} ${counts[i]}`).join(', '));
    console.log(`wrote ${KNEE_ASSET_PATH}: ${asset.volume.dims.join('×')} voxels, ${gz.length} bytes gzip`);
  }
}
