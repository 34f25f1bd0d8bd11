/**
 * A minimal NIfTI-1 reader for the build scripts (header layout: NIfTI-1 standard, nifti1.h,
 * nifti.nimh.nih.gov/nifti-1). Reads gzip-compressed single-file (.nii.gz) volumes of the common scalar types
 * and the sform (or qform-less pixdim) voxel-to-world matrix, which NIfTI defines in RAS+ millimetres.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface NiftiVolume {
  dims: [number, number, number];
  /** Voxel size [mm] (pixdim[1..3]). */
  pixdim: [number, number, number];
  /** Rows of the 3×4 voxel → world (RAS+, mm) matrix. */
  srow: [number[], number[], number[]];
  /** Voxel values after scl_slope/scl_inter, x fastest. */
  data: Float32Array;
}

const HEADER_SIZE = 348;

/** NIfTI-1 datatype codes (nifti1.h) this reader understands. */
const READERS: Record<number, (v: DataView, o: number, le: boolean) => number> = {
  2: (v, o) => v.getUint8(o), // DT_UINT8
  4: (v, o, le) => v.getInt16(o, le), // DT_INT16
  8: (v, o, le) => v.getInt32(o, le), // DT_INT32
  16: (v, o, le) => v.getFloat32(o, le), // DT_FLOAT32
  64: (v, o, le) => v.getFloat64(o, le), // DT_FLOAT64
  256: (v, o) => v.getInt8(o), // DT_INT8
  512: (v, o, le) => v.getUint16(o, le), // DT_UINT16
};

export function readNifti(path: string): NiftiVolume {
  const bytes = gunzipSync(readFileSync(path));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const le = view.getInt32(0, true) === HEADER_SIZE;
  if (!le && view.getInt32(0, false) !== HEADER_SIZE) throw new Error(`${path}: not a NIfTI-1 file`);
  const dim = (i: number): number => view.getInt16(40 + 2 * i, le);
  const pix = (i: number): number => view.getFloat32(76 + 4 * i, le);
  const dims: [number, number, number] = [dim(1), dim(2), dim(3)];
  const datatype = view.getInt16(70, le);
  const bitpix = view.getInt16(72, le);
  const voxOffset = view.getFloat32(108, le);
  let slope = view.getFloat32(112, le);
  const inter = view.getFloat32(116, le);
  if (!slope) slope = 1;
  const sformCode = view.getInt16(254, le);
  const pixdim: [number, number, number] = [pix(1), pix(2), pix(3)];
  const row = (o: number): number[] => [0, 1, 2, 3].map((i) => view.getFloat32(o + 4 * i, le));
  const srow: [number[], number[], number[]] =
    sformCode > 0
      ? [row(280), row(296), row(312)]
      : [
          [pixdim[0], 0, 0, 0],
          [0, pixdim[1], 0, 0],
          [0, 0, pixdim[2], 0],
        ];
  const read = READERS[datatype];
  if (!read) throw new Error(`${path}: unsupported NIfTI datatype ${datatype}`);
  const n = dims[0] * dims[1] * dims[2];
  const step = bitpix / 8;
  const data = new Float32Array(n);
  for (let i = 0; i < n; i++) data[i] = read(view, voxOffset + i * step, le) * slope + inter;
  return { dims, pixdim, srow, data };
}
