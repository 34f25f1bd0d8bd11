import type { TissueKey } from '../tissue/types.ts';
import type { LabelVolume } from './types.ts';

/**
 * The shipped label-volume format (uncompressed; the asset file is this, gzip-compressed by the build script and
 * decompressed by the edge that reads it, so @larmor/mri stays free of I/O). Little-endian:
 *
 *   bytes 0–7    magic "LARMORLV"
 *   u32          format version (1)
 *   u32 × 3      dims (x, y, z)
 *   f64 × 3      voxel size [m]
 *   f64 × 3      origin: LPS position of voxel (0, 0, 0) [m]
 *   u32          byte length L of the tissue keys, then L bytes of ASCII keys joined by "\n" (label order)
 *   u8 × N       labels, x fastest (N = dims product)
 */
export interface LabelAsset {
  volume: LabelVolume;
  tissues: readonly TissueKey[];
}

const MAGIC = 'LARMORLV';
const VERSION = 1;
const FIXED_HEADER = 8 + 4 + 12 + 24 + 24 + 4;

/** Serialises a label volume and its tissue table. */
export function encodeLabelAsset(asset: LabelAsset): Uint8Array {
  const keys = new TextEncoder().encode(asset.tissues.join('\n'));
  const { dims, voxelSize, origin, labels } = asset.volume;
  const out = new Uint8Array(FIXED_HEADER + keys.length + labels.length);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(MAGIC), 0);
  view.setUint32(8, VERSION, true);
  dims.forEach((d, k) => view.setUint32(12 + 4 * k, d, true));
  voxelSize.forEach((v, k) => view.setFloat64(24 + 8 * k, v, true));
  origin.forEach((v, k) => view.setFloat64(48 + 8 * k, v, true));
  view.setUint32(72, keys.length, true);
  out.set(keys, FIXED_HEADER);
  out.set(labels, FIXED_HEADER + keys.length);
  return out;
}

/** Reads what `encodeLabelAsset` wrote; throws on a wrong magic, version or length. */
export function decodeLabelAsset(bytes: Uint8Array): LabelAsset {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < FIXED_HEADER || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
    throw new Error('not a Larmor label volume');
  }
  const version = view.getUint32(8, true);
  if (version !== VERSION) throw new Error(`unsupported label volume version ${version}`);
  const dims = [0, 1, 2].map((k) => view.getUint32(12 + 4 * k, true)) as [number, number, number];
  const voxelSize = [0, 1, 2].map((k) => view.getFloat64(24 + 8 * k, true)) as [number, number, number];
  const origin = [0, 1, 2].map((k) => view.getFloat64(48 + 8 * k, true)) as [number, number, number];
  const keyLength = view.getUint32(72, true);
  const tissues = new TextDecoder()
    .decode(bytes.subarray(FIXED_HEADER, FIXED_HEADER + keyLength))
    .split('\n');
  const count = dims[0] * dims[1] * dims[2];
  const start = FIXED_HEADER + keyLength;
  if (bytes.length !== start + count) throw new Error('label volume length does not match its dimensions');
  // A copy into a plain Uint8Array: `bytes` may be a Node Buffer, whose slice() is a view, not a copy.
  return { volume: { dims, voxelSize, origin, labels: new Uint8Array(bytes.subarray(start)) }, tissues };
}

/** Decodes the (decompressed) shipped brain asset, `assets/brain/colin27-labels.bin.gz` after gunzip. */
export const decodeBrainAsset = decodeLabelAsset;
