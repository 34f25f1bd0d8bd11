/**
 * Scans of simulator sessions as the viewers read them (issue 11; paths in sessions.ts `SESSION_PATHS`): the
 * live events of a session's scans, a finished scan's series (metadata with a URL per slice of raw pixels and
 * k-space), and scout images. Re-exported by sessions.ts.
 */
import { z } from 'zod';
import { idSchema } from './common.ts';
import { protocolSchema } from './scan-snapshot.ts';

/** Scan run status (simulator.md §4). */
export const SCAN_STATUSES = [
  'cancelled',
  'finished',
  'error',
  'runnable',
  'running',
  'unsaved',
  'cancelled-error',
] as const;
export const scanStatusSchema = z.enum(SCAN_STATUSES);
export type ScanStatus = z.infer<typeof scanStatusSchema>;

// ---------------------------------------------------------------- events and images

/** One Server-Sent Event of GET v1/sessions/{sessionId}/events (`event: scan`, `id:` its sequence number). */
export const scanEventSchema = z.object({
  scanId: z.string(),
  pulseSequenceId: z.string(),
  /** The scan's series number in its session (every run is a series of its own). */
  seriesNumber: z.number().int().min(1),
  status: scanStatusSchema,
  progress: z.number().min(0).max(100),
  errorMessage: z.string().nullable(),
});
export type ScanEvent = z.infer<typeof scanEventSchema>;

/** A slice of a series: geometry in patient coordinates (LPS) [m], and where its pixels are. */
export const imageSliceSchema = z.object({
  index: z.number().int(),
  /** Centre of the first pixel [m]. */
  imagePositionPatient: z.tuple([z.number(), z.number(), z.number()]),
  /** Unit row and column directions. */
  imageOrientationPatient: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]),
  /** Raw pixels: little-endian Float32, rows × columns, row by row. */
  url: z.string(),
  /** Its k-space: little-endian Float32 pairs (real, imaginary), rows × columns. */
  kspaceUrl: z.string(),
});
/** One of a DWI scan's series as its metadata lists it (`diffusionSeries`, issue 23.7). */
export const diffusionSeriesSchema = z.object({
  /** '' for the scan itself, 'b1000' for a b-value's trace [s/mm²], 'adc' for the ADC map. */
  name: z.string(),
  description: z.string(),
  /** Its DiffusionBValue [s/mm²]; null for the ADC map (values in 10⁻⁶ mm²/s). */
  bValue: z.number().nullable(),
  /**
   * Its DICOM SeriesNumber: the scan's own for the scan itself, N01, N02, … for the further series of the
   * scan's series N.
   */
  seriesNumber: z.number().int().min(1),
  /** The DICOM ImageType of a computed series (TRACEW, ADC); absent for acquired images. */
  imageType: z.array(z.string()).optional(),
  url: z.string(),
});
export type DiffusionSeries = z.infer<typeof diffusionSeriesSchema>;

/** GET v1/sessions/{sessionId}/reconstructed-images/{id}: a finished scan's series metadata. */
export const reconstructedImagesSchema = z.object({
  scanId: z.string(),
  pulseSequenceId: z.string(),
  /** The scan's series number in its session (the DICOM export's SeriesNumber). */
  seriesNumber: z.number().int().min(1),
  rows: z.number().int(),
  columns: z.number().int(),
  /** Pixel spacing along rows and columns [m]; slice thickness [m]. */
  pixelSpacing: z.tuple([z.number(), z.number()]),
  sliceThickness: z.number(),
  kspaceRows: z.number().int(),
  kspaceColumns: z.number().int(),
  pixelFormat: z.literal('float32le'),
  /** Default display window (@larmor/mri seriesWindow). */
  window: z.object({ center: z.number(), width: z.number() }),
  parameters: protocolSchema,
  seed: z.number().int(),
  /**
   * The receive coil's channels that formed the images (1: a single channel). Each slice's `kspaceUrl` serves the
   * first channel's k-space; `?coil=c` (0 ≤ c < receiveChannels) serves channel c's.
   */
  receiveChannels: z.number().int().min(1),
  /** The receive coil's name as the scanner settings show it (e.g. "Head (16 channels)"). */
  receiveCoil: z.string(),
  slices: z.array(imageSliceSchema),
  dicomUrl: z.string(),
  niftiUrl: z.string(),
  /**
   * A DWI scan's series (issue 23.7), absent for other scans: the scan itself (name '', its first b-value) and
   * each b-value's trace images and the ADC map, each opened with `?series=name` (metadata, slices, downloads).
   * This answer describes the series named `series` ('' for the scan itself).
   */
  series: z.string().optional(),
  /**
   * A DWI scan's b-value series for FSL (`?format=fsl`): a zip of dwi.nii.gz (4D, one volume per b-value in
   * ascending order, each b-value's trace), dwi.bval and dwi.bvec (0 0 0 for b = 0 and trace volumes).
   */
  fslUrl: z.string().optional(),
  diffusionSeries: z.array(diffusionSeriesSchema).optional(),
});
export type ReconstructedImages = z.infer<typeof reconstructedImagesSchema>;
/** The name of one of a DWI scan's series (`diffusionSeries[].name`: 'b1000', 'adc'); absent: the scan itself. */
export const seriesQuerySchema = z.object({
  series: z
    .string()
    .regex(/^[a-z0-9]{1,16}$/)
    .optional(),
});
export const reconstructedImagesQuerySchema = seriesQuerySchema.extend({
  /** `fsl`: a DWI scan's b-value series as one 4D NIfTI with FSL's .bval/.bvec (`fslUrl`); 404 for other scans. */
  format: z.enum(['json', 'dicom', 'nifti', 'fsl']).optional(),
});
export const sliceParamsSchema = z.object({
  sessionId: idSchema,
  id: idSchema,
  index: z.coerce.number().int().min(0),
});
/**
 * GET …/reconstructed-images/{id}/kspace/{index}[?coil]: one receive channel's k-space (default the first); a
 * diffusion series (`?series`) keeps none (404).
 */
export const kspaceQuerySchema = seriesQuerySchema.extend({
  coil: z.coerce.number().int().min(0).max(127).optional(),
});
/**
 * GET v1/sessions/{sessionId}/scout-images/{id}[?regionId]: a localiser through the isocenter (or the region's
 * centre) in plane `id` (axial, sagittal, coronal), with its geometry; `pixels` is base64 of little-endian
 * Float32, rows × columns.
 */
export const scoutImageSchema = z.object({
  id: z.string(),
  orientation: z.enum(['axial', 'sagittal', 'coronal']),
  regionId: z.number().int().nullable(),
  rows: z.number().int(),
  columns: z.number().int(),
  pixelSpacing: z.tuple([z.number(), z.number()]),
  imagePositionPatient: z.tuple([z.number(), z.number(), z.number()]),
  imageOrientationPatient: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]),
  window: z.object({ center: z.number(), width: z.number() }),
  pixelFormat: z.literal('float32le'),
  pixels: z.string(),
  /** Tissue keys of the model; `labels` index into it (0 is air). */
  tissues: z.array(z.string()),
  /** Base64 of one byte per pixel, row by row: the tissue at the pixel's centre (the tissue-on-hover option). */
  labels: z.string(),
});
export type ScoutImageBody = z.infer<typeof scoutImageSchema>;
export const scoutParamsSchema = z.object({
  sessionId: idSchema,
  id: z.enum(['axial', 'sagittal', 'coronal']),
});
export const scoutQuerySchema = z.object({ regionId: z.coerce.number().int().min(0).optional() });
