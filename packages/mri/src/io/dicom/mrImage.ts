/**
 * DICOM MR Image Storage export (SOP class 1.2.840.10008.5.1.4.1.1.4, PS3.3 §A.4): one series per scan, one
 * single-frame file per slice, 16-bit unsigned magnitude. Pure: returns bytes; the caller writes files and gives
 * the date, time and a stable key of the scan from which every UID derives (same scan, same UIDs).
 *
 * Geometry (docs/conventions.md, "DICOM mapping"): patient coordinates are LPS in both, so ImagePositionPatient is
 * the centre of the first pixel (geometry.ts `firstPixelCenter`) and ImageOrientationPatient is the row and column
 * directions, all in mm; PixelSpacing is [between rows, between columns].
 */
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../../constants.ts';
import type { Protocol, Scanner, SequenceFamily } from '../../sequence/protocol.ts';
import { dot, firstPixelCenter, type ScanGeometry } from '../../simulate/geometry.ts';
import { mToMm, radToDeg, sToMs } from '../../units.ts';
import { decimalString as ds, part10File, uidFromKey, type DicomElement } from './encode.ts';

export const MR_IMAGE_STORAGE_SOP_CLASS_UID = '1.2.840.10008.5.1.4.1.1.4';

/** Largest stored pixel value: the series' brightest pixel maps here. */
const MAX_STORED_VALUE = 4095;

export interface DicomSeriesInput {
  images: readonly { rows: number; columns: number; magnitude: Float32Array }[];
  geometry: ScanGeometry;
  protocol: Protocol;
  scanner: Scanner;
  /** Stable identity of the scan (e.g. its id): every UID derives from it. */
  scanKey: string;
  /** Acquisition date 'YYYYMMDD' and time 'HHMMSS'. */
  date: string;
  time: string;
  patientName?: string;
  patientId?: string;
  seriesNumber?: number;
  seriesDescription?: string;
}

/** ScanningSequence and SequenceVariant (PS3.3 C.8.3.1, defined terms) of each family. */
const SEQUENCE_TERMS: Record<SequenceFamily, { scanning: string[]; variant: string[] }> = {
  SE: { scanning: ['SE'], variant: ['NONE'] },
  TSE: { scanning: ['SE'], variant: ['SK'] },
  GRE: { scanning: ['GR'], variant: ['SP'] },
  bSSFP: { scanning: ['GR'], variant: ['SS'] },
  IR: { scanning: ['IR', 'SE'], variant: ['NONE'] },
  STIR: { scanning: ['IR', 'SE'], variant: ['NONE'] },
  FLAIR: { scanning: ['IR', 'SE'], variant: ['NONE'] },
  MPRAGE: { scanning: ['IR', 'GR'], variant: ['SK', 'SP', 'MP'] },
  'GRE-EPI': { scanning: ['EP', 'GR'], variant: ['SK'] },
  'SE-EPI': { scanning: ['EP', 'SE'], variant: ['SK'] },
  DWI: { scanning: ['EP', 'SE'], variant: ['SK'] },
  Dixon: { scanning: ['GR'], variant: ['SP'] },
  SWI: { scanning: ['GR'], variant: ['SP'] },
  MOLLI: { scanning: ['IR', 'GR'], variant: ['SS', 'MP'] },
};

const mm = (v: readonly number[]): string[] => v.map((x) => ds(mToMm(x)));

/** Encodes every slice of a scan as a DICOM MR image; file i holds slice i. */
export function dicomMrSeries(input: DicomSeriesInput): Uint8Array[] {
  const { protocol, scanner, geometry } = input;
  const studyUid = uidFromKey(`${input.scanKey}/study`);
  const seriesUid = uidFromKey(`${input.scanKey}/series`);
  const frameUid = uidFromKey(`${input.scanKey}/frame`);
  let peak = 0;
  for (const image of input.images) for (const v of image.magnitude) peak = Math.max(peak, v);
  const scale = peak > 0 ? MAX_STORED_VALUE / peak : 0;
  const terms = SEQUENCE_TERMS[protocol.family];
  const variant = [...terms.variant.filter((v) => v !== 'NONE' || protocol.phaseOversampling === 0)];
  if (protocol.phaseOversampling > 0) variant.push('OSP');
  const options = [
    ...(protocol.partialFourier < 1 ? ['PFP'] : []),
    ...(protocol.fatSaturation ? ['FS'] : []),
  ];
  const phaseAlongColumns = protocol.phaseDirection === 'column';

  return input.images.map((image, index) => {
    const plane = geometry.slices[index];
    if (!plane) throw new RangeError(`no geometry for slice ${index}`);
    const sopInstanceUid = uidFromKey(`${input.scanKey}/image/${index}`);
    const pixels = new Uint8Array(image.rows * image.columns * 2);
    const view = new DataView(pixels.buffer);
    image.magnitude.forEach((v, i) =>
      view.setUint16(i * 2, Math.min(MAX_STORED_VALUE, Math.round(v * scale)), true),
    );
    const elements: DicomElement[] = [
      { tag: 0x00080005, vr: 'CS', value: 'ISO_IR 192' },
      { tag: 0x00080008, vr: 'CS', value: ['ORIGINAL', 'PRIMARY', 'OTHER'] },
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
      { tag: 0x00180020, vr: 'CS', value: terms.scanning },
      { tag: 0x00180021, vr: 'CS', value: variant.length > 0 ? variant : ['NONE'] },
      { tag: 0x00180022, vr: 'CS', value: options },
      { tag: 0x00180023, vr: 'CS', value: protocol.is3d ? '3D' : '2D' },
      { tag: 0x00180050, vr: 'DS', value: ds(mToMm(plane.sliceThickness)) },
      { tag: 0x00180080, vr: 'DS', value: ds(sToMs(protocol.repetitionTime)) },
      { tag: 0x00180081, vr: 'DS', value: ds(sToMs(protocol.echoTime)) },
      ...(protocol.inversionTime !== undefined && terms.scanning.includes('IR')
        ? [{ tag: 0x00180082, vr: 'DS' as const, value: ds(sToMs(protocol.inversionTime)) }]
        : []),
      { tag: 0x00180083, vr: 'DS', value: ds(protocol.nex) },
      { tag: 0x00180084, vr: 'DS', value: ds((GYROMAGNETIC_RATIO_HZ_PER_T * scanner.b0) / 1e6) },
      { tag: 0x00180085, vr: 'SH', value: '1H' },
      { tag: 0x00180087, vr: 'DS', value: ds(scanner.b0) },
      { tag: 0x00180088, vr: 'DS', value: ds(mToMm(geometry.spacingBetweenSlices)) },
      { tag: 0x00180091, vr: 'IS', value: String(Math.round(protocol.echoTrainLength)) },
      { tag: 0x00180095, vr: 'DS', value: ds(protocol.bandwidthPerPixel) },
      { tag: 0x00181020, vr: 'LO', value: 'Larmor 0.1' },
      {
        tag: 0x00181310,
        vr: 'US',
        value: phaseAlongColumns
          ? [0, protocol.matrixRead, protocol.matrixPhase, 0]
          : [protocol.matrixRead, 0, 0, protocol.matrixPhase],
      },
      { tag: 0x00181312, vr: 'CS', value: phaseAlongColumns ? 'COL' : 'ROW' },
      { tag: 0x00181314, vr: 'DS', value: ds(radToDeg(protocol.flipAngle)) },
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
      { tag: 0x00200060, vr: 'CS', value: '' },
      { tag: 0x00201040, vr: 'LO', value: '' },
      { tag: 0x00201041, vr: 'DS', value: ds(mToMm(dot(plane.center, plane.normal))) },
      { tag: 0x00280002, vr: 'US', value: [1] },
      { tag: 0x00280004, vr: 'CS', value: 'MONOCHROME2' },
      { tag: 0x00280010, vr: 'US', value: [image.rows] },
      { tag: 0x00280011, vr: 'US', value: [image.columns] },
      { tag: 0x00280030, vr: 'DS', value: mm([plane.rowSpacing, plane.columnSpacing]) },
      { tag: 0x00280100, vr: 'US', value: [16] },
      { tag: 0x00280101, vr: 'US', value: [16] },
      { tag: 0x00280102, vr: 'US', value: [15] },
      { tag: 0x00280103, vr: 'US', value: [0] },
      { tag: 0x00281050, vr: 'DS', value: ds(MAX_STORED_VALUE / 2) },
      { tag: 0x00281051, vr: 'DS', value: ds(MAX_STORED_VALUE) },
      { tag: 0x7fe00010, vr: 'OW', value: pixels },
    ];
    return part10File(MR_IMAGE_STORAGE_SOP_CLASS_UID, sopInstanceUid, elements);
  });
}
