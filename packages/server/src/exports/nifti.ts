/**
 * NIfTI files on disk or on the wire: `.nii` is the bytes `niftiVolume` returns, `.nii.gz` the same bytes
 * gzip-compressed (the NIfTI-1 convention that nibabel, FSL and ITK-SNAP rely on: they read a `.gz` name as
 * gzip). Compression lives here, at the edge, so @larmor/mri stays free of node: imports.
 */
import { gzipSync } from 'node:zlib';

/** The file name endings a NIfTI-1 single file may have. */
export const NIFTI_EXTENSIONS = ['.nii', '.nii.gz'] as const;

/** True when `fileName` ends in `.nii` or `.nii.gz` (case-insensitive). */
export function isNiftiFileName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return NIFTI_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** The bytes to store under `fileName`: gzip-compressed for `.nii.gz`, as they are for `.nii`. */
export function niftiFileBytes(fileName: string, nii: Uint8Array): Uint8Array {
  if (!isNiftiFileName(fileName)) {
    throw new RangeError(`a NIfTI file name ends in .nii or .nii.gz, got '${fileName}'`);
  }
  return fileName.toLowerCase().endsWith('.gz') ? gzipSync(nii) : nii;
}
