/**
 * What the shared viewer shows: one series as plain data, whoever made it (the session API's reconstructed images,
 * the simulator's live preview, a scan result, a test). Geometry follows DICOM in patient coordinates (LPS,
 * docs/conventions.md): the viewer needs nothing else to place, measure and label the images.
 */

/** One slice: raw pixel values (rows × columns, row by row) and where it lies in the patient. */
export interface ViewerSlice {
  pixels: Float32Array;
  /** Centre of the first transmitted pixel, LPS [mm] (DICOM Image Position (Patient)). */
  imagePositionPatientMm: readonly [number, number, number];
  /** Unit row then column directions, LPS (DICOM Image Orientation (Patient)). */
  imageOrientationPatient: readonly [number, number, number, number, number, number];
}

/** The acquisition's values the corner text shows; any may be missing. Times [ms], lengths [mm]. */
export interface ViewerAcquisition {
  seriesNumber?: number;
  sequenceName?: string;
  repetitionTimeMs?: number;
  echoTimeMs?: number;
  inversionTimeMs?: number;
  echoTrainLength?: number;
  echoSpacingMs?: number;
  bValue?: number;
  contrastIndex?: number;
  contrastCount?: number;
  bodyPart?: string;
  coil?: string;
  /** Field of view along rows and columns [mm]. */
  fovMm?: readonly [number, number];
  /** Acquired matrix (frequency × phase). */
  matrix?: readonly [number, number];
  sliceThicknessMm?: number;
  /** When the series was acquired (shown as the console's clock). */
  acquiredAt?: Date;
}

/** A series for SeriesViewer. */
export interface ViewerSeries {
  /** Stable id (a scan id): the viewer caches the slices under it. */
  id: string;
  description: string;
  rows: number;
  columns: number;
  /** Spacing between rows then between columns [mm] (DICOM Pixel Spacing order). */
  pixelSpacingMm: readonly [number, number];
  slices: readonly ViewerSlice[];
  /** Default display window, in pixel units: @larmor/mri seriesWindow, as the DICOM export writes it. */
  window: { center: number; width: number };
  acquisition?: ViewerAcquisition;
}

/**
 * The sequence line of the corner text: the sequence's name with its engine family's abbreviation, "T1-weighted
 * spin echo (SE)", unless the name already shows it ("Spin Echo (SE)", "T2-weighted TSE", "Inversion recovery (IR-SE)"): the scheme
 * names of the contracts carry their abbreviation, and adding it again read "Spin Echo (SE) (SE)".
 */
export function sequenceLabel(name: string, family: string): string {
  const escaped = family.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const shown = new RegExp(`(^|[^A-Za-z0-9])${escaped}($|[^A-Za-z0-9])`).test(name);
  return shown ? name : `${name} (${family})`;
}

/** Distance units of the Preferences (simulator.md §2). */
export type ViewerDistanceUnit = 'mm' | 'cm' | 'm';

const MM_PER_UNIT: Record<ViewerDistanceUnit, number> = { mm: 1, cm: 10, m: 1000 };

/** A length [mm] in the user's distance unit, e.g. "12.3 mm", "1.23 cm". */
export function formatLength(lengthMm: number, unit: ViewerDistanceUnit): string {
  const value = lengthMm / MM_PER_UNIT[unit];
  const digits = unit === 'mm' ? 1 : unit === 'cm' ? 2 : 4;
  return `${value.toFixed(digits)} ${unit}`;
}

/**
 * A point in patient coordinates [mm] as image index coordinates of a slice: (column, row), the first pixel's
 * centre at (0, 0) (DICOM PS3.3 C.7.6.2.1.1: column = (p − position)·rowDirection / column spacing, row =
 * (p − position)·columnDirection / row spacing; Pixel Spacing is [between rows, between columns]).
 */
export function patientMmToPixelIndex(
  slice: ViewerSlice,
  pixelSpacingMm: readonly [number, number],
  pointMm: readonly [number, number, number],
): [column: number, row: number] {
  const [r0, r1, r2, c0, c1, c2] = slice.imageOrientationPatient;
  const d0 = pointMm[0] - slice.imagePositionPatientMm[0];
  const d1 = pointMm[1] - slice.imagePositionPatientMm[1];
  const d2 = pointMm[2] - slice.imagePositionPatientMm[2];
  return [
    (d0 * r0 + d1 * r1 + d2 * r2) / pixelSpacingMm[1],
    (d0 * c0 + d1 * c1 + d2 * c2) / pixelSpacingMm[0],
  ];
}

/**
 * Image index coordinates (column, row) of a slice as a point in patient coordinates [mm]: the inverse of
 * `patientMmToPixelIndex` (DICOM PS3.3 C.7.6.2.1.1: p = position + column·Δcolumn·rowDirection
 * + row·Δrow·columnDirection).
 */
export function pixelIndexToPatientMm(
  slice: ViewerSlice,
  pixelSpacingMm: readonly [number, number],
  [column, row]: readonly [number, number],
): [number, number, number] {
  const [r0, r1, r2, c0, c1, c2] = slice.imageOrientationPatient;
  const [x, y, z] = slice.imagePositionPatientMm;
  const dc = column * pixelSpacingMm[1];
  const dr = row * pixelSpacingMm[0];
  return [x + dc * r0 + dr * c0, y + dc * r1 + dr * c1, z + dc * r2 + dr * c2];
}
