/**
 * DICOM MR Image Storage export (SOP class 1.2.840.10008.5.1.4.1.1.4, PS3.3 §A.4): one series per scan, one
 * single-frame file per image (a slice, or a slice at one echo or diffusion weighting), 16-bit unsigned
 * magnitude, and a default window from the series' tissue (recon/window.ts) so that viewers open it well. Pure: returns bytes; the caller writes files and gives
 * the date, time and a stable key of the scan from which every UID derives (same scan, same UIDs).
 *
 * Geometry (docs/conventions.md, "DICOM mapping"): patient coordinates are LPS in both, so ImagePositionPatient is
 * the centre of the first pixel (geometry.ts `firstPixelCenter`) and ImageOrientationPatient is the row and column
 * directions, all in mm; PixelSpacing is [between rows, between columns].
 */
import { seriesWindow } from '../../recon/window.ts';
import type { Protocol, Scanner } from '../../sequence/protocol.ts';
import { dot, firstPixelCenter, type ScanGeometry } from '../../simulate/geometry.ts';
import { mToMm } from '../../units.ts';
import { acquisitionElements, imageElements, type DicomDiffusion, type DicomEcho } from './acquisition.ts';
import { decimalString as ds, part10File, uidFromKey, type DicomElement } from './encode.ts';
import { acquisitionSnrPercent } from '../../sequence/derived.ts';
import { DICOM_BITS_STORED as BITS_STORED, storedValueScale, toStoredValue } from './storedValues.ts';

export type { DicomDiffusion, DicomEcho } from './acquisition.ts';

export const MR_IMAGE_STORAGE_SOP_CLASS_UID = '1.2.840.10008.5.1.4.1.1.4';

/** One image of a series: its pixels and what distinguishes it from the others. */
export interface DicomImage {
  rows: number;
  columns: number;
  magnitude: Float32Array;
  /** Index into `geometry.slices` of the slice it shows; absent: its own index (one image per slice). */
  slice?: number;
  /** Echo of a multi-echo series; absent: echo 1 at the protocol's echo time. */
  echo?: DicomEcho;
  /** Diffusion weighting of a DWI image. */
  diffusion?: DicomDiffusion;
}

export interface DicomSeriesInput {
  images: readonly DicomImage[];
  geometry: ScanGeometry;
  protocol: Protocol;
  scanner: Scanner;
  /** Stable identity of the scan (e.g. its id): every UID derives from it. */
  scanKey: string;
  /**
   * A further series of the same scan (e.g. a DWI scan's 'b1000' trace, 'adc' map): its SeriesInstanceUID and
   * SOP Instance UIDs derive from `scanKey` and this key, while Study and Frame of Reference stay the scan's.
   * Absent: the scan's own series.
   */
  seriesKey?: string;
  /** Acquisition date 'YYYYMMDD' and time 'HHMMSS'. */
  date: string;
  time: string;
  patientName?: string;
  patientId?: string;
  seriesNumber?: number;
  seriesDescription?: string;
  /**
   * ImageType (0008,0008) values (PS3.3 C.8.3.1.1.1); absent: ORIGINAL\PRIMARY\OTHER. A computed map says so,
   * e.g. DERIVED\PRIMARY\DIFFUSION\ADC or DERIVED\PRIMARY\DIFFUSION\TRACEW.
   */
  imageType?: readonly string[];
  /**
   * The relative SNR figure of the protocol [%] written in Image Comments; absent: the parameter panel's
   * `acquisitionSnrPercent(protocol, scanner)` (sequence/derived.ts).
   */
  relativeSnrPercent?: number;
  /** The credit of the anatomy the images show (the model's `notice`), written in Patient Comments (0010,4000). */
  anatomyNotice?: string;
}

/** Image Comments (0020,4000) text carrying the relative SNR figure [%]. */
export function relativeSnrComment(percent: number): string {
  return `Relative SNR ${percent.toFixed(1)} % (as the console shows it)`;
}

const mm = (v: readonly number[]): string[] => v.map((x) => ds(mToMm(x)));

/**
 * Encodes the images of a scan as one DICOM MR series; file i holds image i, InstanceNumber i + 1. Pixels are
 * stored as storedValues.ts maps them (the series peak is 4095) with Rescale Slope = 1/scale and Rescale
 * Intercept 0 (PS3.3 C.11.1.1.2), so a reader recovers the served magnitudes as slope·stored + intercept
 * (issue 23.8); Window Center/Width apply to that output (PS3.3 C.11.2.1.2), so they are the series'
 * `seriesWindow` in served units, the same for every image. Image Comments carry the relative SNR figure, Patient
 * Comments the credit of the anatomy (an atlas-derived model's notice).
 */
export function dicomMrSeries(input: DicomSeriesInput): Uint8Array[] {
  const { protocol, scanner, geometry } = input;
  const studyUid = uidFromKey(`${input.scanKey}/study`);
  const seriesBase = input.seriesKey === undefined ? input.scanKey : `${input.scanKey}/${input.seriesKey}`;
  const seriesUid = uidFromKey(`${seriesBase}/series`);
  const frameUid = uidFromKey(`${input.scanKey}/frame`);
  const magnitudes = input.images.map((i) => i.magnitude);
  const scale = storedValueScale(magnitudes);
  const window = seriesWindow(magnitudes);
  const slope = scale > 0 ? 1 / scale : 1;
  const snr = input.relativeSnrPercent ?? acquisitionSnrPercent(protocol, scanner);
  const acquisition = acquisitionElements(protocol, scanner);

  return input.images.map((image, index) => {
    const plane = geometry.slices[image.slice ?? index];
    if (!plane) throw new RangeError(`no geometry for slice ${image.slice ?? index}`);
    const sopInstanceUid = uidFromKey(`${seriesBase}/image/${index}`);
    const pixels = new Uint8Array(image.rows * image.columns * 2);
    const view = new DataView(pixels.buffer);
    image.magnitude.forEach((v, i) => view.setUint16(i * 2, toStoredValue(v, scale), true));
    const elements: DicomElement[] = [
      { tag: 0x00080005, vr: 'CS', value: 'ISO_IR 192' },
      { tag: 0x00080008, vr: 'CS', value: input.imageType ?? ['ORIGINAL', 'PRIMARY', 'OTHER'] },
      { tag: 0x00080016, vr: 'UI', value: MR_IMAGE_STORAGE_SOP_CLASS_UID },
      { tag: 0x00080018, vr: 'UI', value: sopInstanceUid },
      { tag: 0x00080020, vr: 'DA', value: input.date },
      { tag: 0x00080021, vr: 'DA', value: input.date },
      { tag: 0x00080023, vr: 'DA', value: input.date },
      { tag: 0x00080030, vr: 'TM', value: input.time },
      { tag: 0x00080031, vr: 'TM', value: input.time },
      { tag: 0x00080033, vr: 'TM', value: input.time },
      { tag: 0x00080050, vr: 'SH', value: '' },
      { tag: 0x00080060, vr: 'CS', value: 'MR' },
      { tag: 0x00080070, vr: 'LO', value: 'Larmor' },
      { tag: 0x00080090, vr: 'PN', value: '' },
      { tag: 0x0008103e, vr: 'LO', value: input.seriesDescription ?? `${protocol.family} simulated` },
      { tag: 0x00081090, vr: 'LO', value: 'Larmor MRI simulator' },
      { tag: 0x00100010, vr: 'PN', value: input.patientName ?? 'Larmor^Phantom' },
      { tag: 0x00100020, vr: 'LO', value: input.patientId ?? 'LARMOR' },
      { tag: 0x00100030, vr: 'DA', value: '' },
      { tag: 0x00100040, vr: 'CS', value: 'O' },
      ...(input.anatomyNotice ? [{ tag: 0x00104000, vr: 'LT', value: input.anatomyNotice } as const] : []),
      ...acquisition,
      ...imageElements(protocol, image.echo, image.diffusion),
      { tag: 0x00180050, vr: 'DS', value: ds(mToMm(plane.sliceThickness)) },
      { tag: 0x00180088, vr: 'DS', value: ds(mToMm(geometry.spacingBetweenSlices)) },
      { tag: 0x00181020, vr: 'LO', value: 'Larmor 0.1' },
      { tag: 0x00185100, vr: 'CS', value: 'HFS' },
      { tag: 0x0020000d, vr: 'UI', value: studyUid },
      { tag: 0x0020000e, vr: 'UI', value: seriesUid },
      { tag: 0x00200010, vr: 'SH', value: '1' },
      { tag: 0x00200011, vr: 'IS', value: String(input.seriesNumber ?? 1) },
      { tag: 0x00200013, vr: 'IS', value: String(index + 1) },
      { tag: 0x00200032, vr: 'DS', value: mm(firstPixelCenter(plane)) },
      {
        tag: 0x00200037,
        vr: 'DS',
        value: [...plane.rowDirection, ...plane.columnDirection].map((v) => ds(v)),
      },
      { tag: 0x00200052, vr: 'UI', value: frameUid },
      // Laterality: empty (unknown), as dciodvfy accepts with a warning for an unpaired or unknown part.
      { tag: 0x00200060, vr: 'CS', value: '' },
      { tag: 0x00201040, vr: 'LO', value: '' },
      { tag: 0x00201041, vr: 'DS', value: ds(mToMm(dot(plane.center, plane.normal))) },
      { tag: 0x00204000, vr: 'LT', value: relativeSnrComment(snr) },
      { tag: 0x00280002, vr: 'US', value: [1] },
      { tag: 0x00280004, vr: 'CS', value: 'MONOCHROME2' },
      { tag: 0x00280010, vr: 'US', value: [image.rows] },
      { tag: 0x00280011, vr: 'US', value: [image.columns] },
      { tag: 0x00280030, vr: 'DS', value: mm([plane.rowSpacing, plane.columnSpacing]) },
      { tag: 0x00280100, vr: 'US', value: [16] },
      { tag: 0x00280101, vr: 'US', value: [BITS_STORED] },
      { tag: 0x00280102, vr: 'US', value: [BITS_STORED - 1] },
      { tag: 0x00280103, vr: 'US', value: [0] },
      { tag: 0x00281050, vr: 'DS', value: ds(window.center) },
      { tag: 0x00281051, vr: 'DS', value: ds(Math.max(window.width, slope)) },
      { tag: 0x00281052, vr: 'DS', value: '0' },
      { tag: 0x00281053, vr: 'DS', value: ds(slope) },
      { tag: 0x00281054, vr: 'LO', value: 'US' },
      // The window is in served magnitudes (about 0–1), narrower than 1: PS3.3 C.11.2.1.2.1 allows that only
      // with the LINEAR_EXACT function, which maps the window's ends exactly.
      { tag: 0x00281056, vr: 'CS', value: 'LINEAR_EXACT' },
      { tag: 0x7fe00010, vr: 'OW', value: pixels },
    ];
    return part10File(MR_IMAGE_STORAGE_SOP_CLASS_UID, sopInstanceUid, elements);
  });
}
