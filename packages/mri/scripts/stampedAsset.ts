/**
 * A derived label asset cached with a SHA-256 stamp of its inputs (the atlas files and the derivation's code) in a
 * `.sha256` file beside it: build-knee.ts and build-abdomen.ts derive it again only when the stamp changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { encodeLabelAsset, type LabelAsset } from '../src/anatomy/labelAsset.ts';

/** The stamp of the files at `inputs`: SHA-256 (hex) of their bytes, in order. */
export function inputsStamp(inputs: readonly string[]): string {
  const hash = createHash('sha256');
  for (const f of inputs) hash.update(readFileSync(f));
  return hash.digest('hex');
}

/** Whether the asset at `path` exists and was derived from the inputs with `stamp`. */
export function assetUpToDate(path: string, stamp: string): boolean {
  const stampPath = `${path}.sha256`;
  return existsSync(path) && existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp;
}

/** Writes `asset` gzip-encoded to `path` and `stamp` beside it; returns its gzip size [bytes]. */
export function writeStampedAsset(path: string, asset: LabelAsset, stamp: string): number {
  const gz = gzipSync(encodeLabelAsset(asset), { level: 9 });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, gz);
  writeFileSync(`${path}.sha256`, stamp);
  return gz.length;
}

/** Voxels of each of `tissueCount` tissue indices in the asset's label volume. */
export function tissueVoxelCounts(asset: LabelAsset, tissueCount: number): number[] {
  const counts = new Array<number>(tissueCount).fill(0);
  for (const l of asset.volume.labels) counts[l] = (counts[l] ?? 0) + 1;
  return counts;
}
