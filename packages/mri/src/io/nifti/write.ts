/**
 * NIfTI-1 single-file export (.nii; header layout from nifti1.h, NIFTI Data Format Working Group 2004):
 * 348-byte header, the 4-byte extension flag, the anatomy's credit as a comment extension when given (ecode 6,
 * NIFTI_ECODE_COMMENT: esize, ecode, then the text NUL-padded to a multiple of 16 bytes), float32 magnitudes from
 * `vox_offset` (352 without the extension), i fastest (image columns), then j (rows), then k (slices).
 * cal_min/cal_max hold the series' default display window (recon/window.ts), which viewers such as FSLeyes and
 * NiiVue open with.
 *
 * Uncompressed bytes only: `.nii.gz` is these bytes gzip-compressed by the caller at the edge (node:zlib
 * `gzipSync` on the server, `CompressionStream('gzip')` in the browser). Both platforms ship a native deflate,
 * so this package stays pure and free of a pure-JS deflate dependency.
 *
 * NIfTI world coordinates are RAS+ in mm, DICOM's are LPS (docs/conventions.md): x_RAS = −x_LPS, y_RAS = −y_LPS.
 * sform is the voxel-to-world affine; qform the same rotation as a quaternion with qfac = det sign (nifti1.h,
 * "Method 2"). Both use code 1 (NIFTI_XFORM_SCANNER_ANAT).
 */
import { seriesWindow } from '../../recon/window.ts';
import type { ScanGeometry } from '../../simulate/geometry.ts';
import { firstPixelCenter, scale } from '../../simulate/geometry.ts';
import { mToMm } from '../../units.ts';

const HEADER_SIZE = 348;
/** The end of the header and its extension flag: where the extensions, then the voxels, start. */
const EXTENSIONS_OFFSET = 352;
/** nifti1.h NIFTI_ECODE_COMMENT: "plain ASCII text only"; nibabel reads it as a `comment` extension. */
const NIFTI_ECODE_COMMENT = 6;
const DT_FLOAT32 = 16;
const NIFTI_XFORM_SCANNER_ANAT = 1;
/** xyzt_units: NIFTI_UNITS_MM (2) | NIFTI_UNITS_SEC (8). */
const UNITS_MM_SEC = 2 | 8;

export interface NiftiInput {
  images: readonly { rows: number; columns: number; magnitude: Float32Array }[];
  geometry: ScanGeometry;
  /**
   * Volumes of a 4D series (echoes, diffusion weightings, time points): `images` holds every slice of volume 0,
   * then of volume 1, …; absent: 1, a 3D volume.
   */
  volumes?: number;
  /** Repetition time [s], stored as pixdim[4]. */
  repetitionTime?: number;
  description?: string;
  /** The protocol's relative SNR figure [%], appended to the description (descrip, 80 bytes). */
  relativeSnrPercent?: number;
  /** The credit of the anatomy the images were simulated from (its licence notice), as a comment extension. */
  anatomyNotice?: string;
}

/**
 * A comment extension holding `text` in plain ASCII as the standard asks (dashes, quotes and accented letters
 * written as their ASCII forms, anything else as `?`): esize (the whole extension, a multiple of 16), ecode, the
 * text and at least one NUL.
 */
function commentExtension(text: string): Uint8Array {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"');
  const ascii = Array.from(plain, (ch) => {
    const code = ch.codePointAt(0) ?? 0x3f;
    return (code >= 0x20 && code < 0x7f) || code === 0x0a ? code : 0x3f;
  });
  const size = Math.ceil((8 + ascii.length + 1) / 16) * 16;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setInt32(0, size, true);
  view.setInt32(4, NIFTI_ECODE_COMMENT, true);
  out.set(ascii, 8);
  return out;
}

/** The 4×4 voxel → RAS-mm affine (rows of [x, y, z, t]) of a scan's volume. */
export function niftiAffine(geometry: ScanGeometry): number[][] {
  const first = geometry.slices[0];
  if (!first) throw new RangeError('no slices');
  // `0 − x` rather than `−x`, so no −0 reaches the header.
  const lpsToRas = (v: readonly number[]): number[] => [0 - (v[0] ?? 0), 0 - (v[1] ?? 0), (v[2] ?? 0) + 0];
  const i = lpsToRas(scale(first.rowDirection, mToMm(first.columnSpacing)));
  const j = lpsToRas(scale(first.columnDirection, mToMm(first.rowSpacing)));
  const k = lpsToRas(scale(first.normal, mToMm(geometry.spacingBetweenSlices)));
  const o = lpsToRas(scale(firstPixelCenter(first), 1000));
  return [0, 1, 2].map((r) => [i[r] ?? 0, j[r] ?? 0, k[r] ?? 0, o[r] ?? 0]).concat([[0, 0, 0, 1]]);
}

/** Quaternion (b, c, d) and qfac of the rotation part of a column-normalised affine (nifti1_io mat44_to_quatern). */
function quaternion(affine: number[][]): { b: number; c: number; d: number; qfac: number } {
  const col = (c: number): number[] => {
    const v = [0, 1, 2].map((r) => affine[r]?.[c] ?? 0);
    const n = Math.hypot(...v) || 1;
    return v.map((x) => x / n);
  };
  const [ci, cj, ck] = [col(0), col(1), col(2)];
  const det =
    (ci[0] ?? 0) * ((cj[1] ?? 0) * (ck[2] ?? 0) - (cj[2] ?? 0) * (ck[1] ?? 0)) -
    (cj[0] ?? 0) * ((ci[1] ?? 0) * (ck[2] ?? 0) - (ci[2] ?? 0) * (ck[1] ?? 0)) +
    (ck[0] ?? 0) * ((ci[1] ?? 0) * (cj[2] ?? 0) - (ci[2] ?? 0) * (cj[1] ?? 0));
  const qfac = det < 0 ? -1 : 1;
  const k = ck.map((x) => x * qfac);
  const r11 = ci[0] ?? 0, r12 = cj[0] ?? 0, r13 = k[0] ?? 0; // prettier-ignore
  const r21 = ci[1] ?? 0, r22 = cj[1] ?? 0, r23 = k[1] ?? 0; // prettier-ignore
  const r31 = ci[2] ?? 0, r32 = cj[2] ?? 0, r33 = k[2] ?? 0; // prettier-ignore
  const trace = r11 + r22 + r33 + 1;
  let a: number, b: number, c: number, d: number;
  if (trace > 0.5) {
    a = 0.5 * Math.sqrt(trace);
    b = (0.25 * (r32 - r23)) / a;
    c = (0.25 * (r13 - r31)) / a;
    d = (0.25 * (r21 - r12)) / a;
  } else {
    const xd = 1 + r11 - (r22 + r33);
    const yd = 1 + r22 - (r11 + r33);
    const zd = 1 + r33 - (r11 + r22);
    if (xd > 1) {
      b = 0.5 * Math.sqrt(xd);
      c = (0.25 * (r12 + r21)) / b;
      d = (0.25 * (r13 + r31)) / b;
      a = (0.25 * (r32 - r23)) / b;
    } else if (yd > 1) {
      c = 0.5 * Math.sqrt(yd);
      b = (0.25 * (r12 + r21)) / c;
      d = (0.25 * (r23 + r32)) / c;
      a = (0.25 * (r13 - r31)) / c;
    } else {
      d = 0.5 * Math.sqrt(zd);
      b = (0.25 * (r13 + r31)) / d;
      c = (0.25 * (r23 + r32)) / d;
      a = (0.25 * (r21 - r12)) / d;
    }
    if (a < 0) {
      b = -b;
      c = -c;
      d = -d;
    }
  }
  return { b, c, d, qfac };
}

/** Encodes a scan's magnitude images as one NIfTI-1 volume (3D, or 4D with `volumes` > 1). */
export function niftiVolume(input: NiftiInput): Uint8Array {
  const first = input.images[0];
  if (!first) throw new RangeError('no images');
  const nx = first.columns;
  const ny = first.rows;
  const volumes = input.volumes ?? 1;
  const nz = input.images.length / volumes;
  if (!Number.isInteger(volumes) || volumes < 1 || !Number.isInteger(nz)) {
    throw new RangeError(`${input.images.length} images do not make ${volumes} volumes of equal slice count`);
  }
  const extension = input.anatomyNotice ? commentExtension(input.anatomyNotice) : new Uint8Array(0);
  const voxOffset = EXTENSIONS_OFFSET + extension.length;
  const out = new Uint8Array(voxOffset + nx * ny * nz * volumes * 4);
  const view = new DataView(out.buffer);
  const plane = input.geometry.slices[0];
  if (!plane) throw new RangeError('no geometry');
  view.setInt32(0, HEADER_SIZE, true);
  out[38] = 'r'.charCodeAt(0); // regular
  out[39] = 0; // dim_info: freq/phase/slice dims (0 = unknown)
  [volumes > 1 ? 4 : 3, nx, ny, nz, volumes, 1, 1, 1].forEach((d, i) => view.setInt16(40 + 2 * i, d, true));
  view.setInt16(70, DT_FLOAT32, true);
  view.setInt16(72, 32, true);
  const affine = niftiAffine(input.geometry);
  const { b, c, d, qfac } = quaternion(affine);
  const pixdim = [
    qfac,
    mToMm(plane.columnSpacing),
    mToMm(plane.rowSpacing),
    mToMm(input.geometry.spacingBetweenSlices),
    input.repetitionTime ?? 0,
    0,
    0,
    0,
  ];
  pixdim.forEach((p, i) => view.setFloat32(76 + 4 * i, p, true));
  view.setFloat32(108, voxOffset, true);
  view.setFloat32(112, 1, true); // scl_slope
  view.setFloat32(116, 0, true); // scl_inter
  const window = seriesWindow(input.images.map((i) => i.magnitude));
  view.setFloat32(124, window.high, true); // cal_max
  view.setFloat32(128, window.low, true); // cal_min
  out[123] = UNITS_MM_SEC;
  const text = input.description ?? 'Larmor simulated MR';
  const snr =
    input.relativeSnrPercent !== undefined ? `; relative SNR ${input.relativeSnrPercent.toFixed(1)} %` : '';
  const description = new TextEncoder().encode(`${text.slice(0, 79 - snr.length)}${snr}`.slice(0, 79));
  out.set(description, 148);
  view.setInt16(252, NIFTI_XFORM_SCANNER_ANAT, true); // qform_code
  view.setInt16(254, NIFTI_XFORM_SCANNER_ANAT, true); // sform_code
  [b, c, d, affine[0]?.[3] ?? 0, affine[1]?.[3] ?? 0, affine[2]?.[3] ?? 0].forEach((v, i) =>
    view.setFloat32(256 + 4 * i, v, true),
  );
  for (let r = 0; r < 3; r++)
    for (let col = 0; col < 4; col++) view.setFloat32(280 + 16 * r + 4 * col, affine[r]?.[col] ?? 0, true);
  out.set(new TextEncoder().encode('n+1\0'), 344);
  // Extension flag (byte 348): 1 when an extension follows.
  out[HEADER_SIZE] = extension.length > 0 ? 1 : 0;
  out.set(extension, EXTENSIONS_OFFSET);
  let offset = voxOffset;
  for (const image of input.images) {
    for (const v of image.magnitude) {
      view.setFloat32(offset, v, true);
      offset += 4;
    }
  }
  return out;
}
