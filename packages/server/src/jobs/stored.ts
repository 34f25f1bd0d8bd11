/**
 * A scan stored where its parts run (issue 26 item 6): each slice's final image and k-space blobs are written by
 * whoever computed the slice (a `larmor worker` on the Redis back end), under the scan's own keys, and only the
 * slice's few numbers travel back to the coordinator. The coordinator then needs no part output, no decode, no
 * assembly and no second write of the pixels: it reads the images once for the series' display window, which
 * spans every slice's pixels (`seriesWindow`'s histogram runs to the series' maximum, so per-slice summaries would
 * not give the same window).
 *
 * Blob layout (unchanged, what the readers read): `scans/{id}/image-{slice}.f32` (magnitude, display orientation,
 * row-major) and `scans/{id}/kspace-{slice}.f32` (k-space [phase][read], real and imaginary interleaved), both
 * little-endian Float32.
 */
import { seriesWindow } from '@larmor/mri/recon';
import {
  scanGeometry,
  type ScanGeometry,
  type ScanSnapshot,
  type SliceOutput,
  type SnapshotResult,
} from '@larmor/mri/simulate';
import type { BlobStore } from '../blobs/types.ts';

/** Blob keys of a scan's slice images and k-spaces (little-endian Float32; k-space as real, imaginary pairs). */
export const imageKey = (scanId: string, slice: number): string => `scans/${scanId}/image-${slice}.f32`;
export const kspaceKey = (scanId: string, slice: number): string => `scans/${scanId}/kspace-${slice}.f32`;

/** The key prefix of every blob of a scan. */
export const scanBlobPrefix = (scanId: string): string => `scans/${scanId}/`;

/** What a stored slice tells the coordinator (its pixels are in the store). */
export interface StoredSlice {
  slice: number;
  rows: number;
  columns: number;
  /** Complex samples of its stored k-space ([phase][read]). */
  kspaceSamples: number;
  /** Receive channels that formed the image. */
  receiveChannels: number;
}

/** A scan whose slices are in the store: each slice's numbers, in slice order, and the series' window. */
export interface StoredScan {
  geometry: ScanGeometry;
  slices: StoredSlice[];
  window: { center: number; width: number };
}

/** A slice's blobs as bytes, ready to put, with its numbers. */
export interface SliceBytes {
  stored: StoredSlice;
  image: Uint8Array;
  kspace: Uint8Array;
}

const bytesOf = (values: Float32Array): Uint8Array =>
  new Uint8Array(values.buffer, values.byteOffset, values.byteLength);

function interleave(re: Float32Array, im: Float32Array): Float32Array {
  const out = new Float32Array(re.length * 2);
  for (let i = 0; i < re.length; i++) {
    out[2 * i] = re[i] as number;
    out[2 * i + 1] = im[i] as number;
  }
  return out;
}

/** A slice's stored form: its magnitude's bytes and its k-space interleaved (done where the slice was computed). */
export function sliceBytes(output: SliceOutput): SliceBytes {
  return {
    stored: {
      slice: output.slice,
      rows: output.rows,
      columns: output.columns,
      kspaceSamples: output.kspaceRe.length,
      receiveChannels: output.receiveChannels,
    },
    image: bytesOf(output.magnitude),
    kspace: bytesOf(interleave(output.kspaceRe, output.kspaceIm)),
  };
}

/** The keys `putSlice` writes for slice `slice` of scan `scanId`. */
export const sliceKeys = (scanId: string, slice: number): string[] => [
  imageKey(scanId, slice),
  kspaceKey(scanId, slice),
];

/**
 * Puts a slice's image and k-space blobs (at once). When one put fails, the other blob is removed again (best
 * effort) so that a failed part leaves nothing behind, and the put's error is thrown.
 */
export async function putSlice(blobs: BlobStore, scanId: string, bytes: SliceBytes): Promise<void> {
  const slice = bytes.stored.slice;
  const puts = await Promise.allSettled([
    blobs.put(imageKey(scanId, slice), bytes.image),
    blobs.put(kspaceKey(scanId, slice), bytes.kspace),
  ]);
  const failed = puts.find((p): p is PromiseRejectedResult => p.status === 'rejected');
  if (!failed) return;
  await removeBlobs(blobs, sliceKeys(scanId, slice));
  throw failed.reason;
}

/** Removes `keys` (best effort: a failed delete leaves a stray blob, never an error). */
export async function removeBlobs(blobs: BlobStore, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => blobs.delete(key).catch(() => undefined)));
}

/** Removes every blob of scan `scanId` (best effort), e.g. the slices a cancelled or failed scan had stored. */
export async function removeScanBlobs(blobs: BlobStore, scanId: string): Promise<void> {
  const keys = await blobs.list(scanBlobPrefix(scanId)).catch(() => []);
  await removeBlobs(blobs, keys);
}

/** The stored slices in slice order, checked: one per slice of the snapshot, none missing or doubled. */
function inOrder(snapshot: ScanSnapshot, slices: readonly StoredSlice[]): StoredSlice[] {
  const count = snapshot.protocol.sliceCount;
  const ordered = new Array<StoredSlice | undefined>(count).fill(undefined);
  for (const s of slices) {
    if (!Number.isInteger(s.slice) || s.slice < 0 || s.slice >= count)
      throw new RangeError(`slice ${s.slice} outside 0…${count - 1}`);
    if (ordered[s.slice]) throw new RangeError(`slice ${s.slice} given twice`);
    ordered[s.slice] = s;
  }
  const missing = ordered.findIndex((s) => !s);
  if (missing >= 0) throw new RangeError(`slice ${missing} missing`);
  return ordered as StoredSlice[];
}

const windowOf = (magnitudes: readonly Float32Array[]) => {
  const w = seriesWindow(magnitudes);
  return { center: w.center, width: w.width };
};

/**
 * Stores an assembled scan from this process (the thread back end, a DWI scan): every slice's blobs at once, the
 * window from the arrays at hand. The first failed put fails it.
 */
export async function storeScanHere(
  blobs: BlobStore,
  scanId: string,
  result: SnapshotResult,
): Promise<StoredScan> {
  if (result.slices.length === 0) throw new Error('the scan gave no slices');
  const slices = result.slices.map(sliceBytes);
  // The puts overlap (the file store's writes, S3's requests) rather than wait for one another.
  await Promise.all(slices.map((bytes) => putSlice(blobs, scanId, bytes)));
  return {
    geometry: result.geometry,
    slices: slices.map((s) => s.stored),
    window: windowOf(result.slices.map((s) => s.magnitude)),
  };
}

/**
 * The scan whose slices the workers have stored (`slices`: what each part answered): checked against the
 * snapshot, with the window of the images read back from the store.
 */
export async function storedScanOf(
  blobs: BlobStore,
  scanId: string,
  snapshot: ScanSnapshot,
  slices: readonly StoredSlice[],
): Promise<StoredScan> {
  const ordered = inOrder(snapshot, slices);
  const magnitudes = await Promise.all(
    ordered.map(async (s) => {
      const bytes = await blobs.get(imageKey(scanId, s.slice));
      if (bytes.byteLength !== s.rows * s.columns * Float32Array.BYTES_PER_ELEMENT)
        throw new Error(`the stored image of slice ${s.slice} has ${bytes.byteLength} bytes`);
      // Float32 over the bytes as stored (little-endian, as every supported platform is); aligned copy if needed.
      return bytes.byteOffset % Float32Array.BYTES_PER_ELEMENT === 0
        ? new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
        : new Float32Array(bytes.slice().buffer);
    }),
  );
  return { geometry: scanGeometry(snapshot.protocol), slices: ordered, window: windowOf(magnitudes) };
}
