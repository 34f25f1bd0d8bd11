/**
 * The viewer's measurements as rows of a table (from Cornerstone's annotations, whose statistics it computes over
 * the raw pixels), and the one-click SNR and CNR on them. Which ROI plays which part is decided by the values,
 * so one click suffices: the background is the ROI with the lowest mean (air), the signal the others.
 */
import {
  contrastToNoise,
  signalToNoise,
  RAYLEIGH_SD_FACTOR,
  type RoiRegion,
  type RoiStats,
} from './roi-stats.ts';

export type MeasurementKind = 'ellipse' | 'rectangle' | 'length';

export interface MeasurementRow {
  uid: string;
  kind: MeasurementKind;
  /** Slice index (0-based) the measurement was drawn on. */
  sliceIndex: number;
  /** Area ROIs: statistics over the raw pixels, area [mm²]. */
  stats?: Pick<RoiStats, 'mean' | 'sd' | 'min' | 'max'> & { areaMm2: number };
  /** Area ROIs: the outline in image index coordinates (axis-aligned views), to check against the raw pixels. */
  region?: RoiRegion;
  /** Length [mm]. */
  lengthMm?: number;
}

export type RatioResult =
  { ok: true; value: number; explanation: string; uids: string[] } | { ok: false; reason: string };

function areaRois(rows: readonly MeasurementRow[], sliceIndex: number) {
  return rows.filter((r) => r.stats && r.sliceIndex === sliceIndex) as (MeasurementRow & {
    stats: NonNullable<MeasurementRow['stats']>;
  })[];
}

const RAYLEIGH_NOTE = `σ = SD_bg / ${RAYLEIGH_SD_FACTOR} (Rayleigh-distributed background of a magnitude image)`;

/** SNR on a slice: the most recent ROI with a higher mean than the lowest-mean (background) ROI. */
export function snrOf(rows: readonly MeasurementRow[], sliceIndex: number): RatioResult {
  const rois = areaRois(rows, sliceIndex);
  if (rois.length < 2)
    return { ok: false, reason: 'Draw a signal ROI and a background ROI (air) on this slice.' };
  const background = rois.reduce((a, b) => (b.stats.mean < a.stats.mean ? b : a));
  const signal = [...rois].reverse().find((r) => r !== background);
  if (!signal || !(background.stats.sd > 0)) {
    return {
      ok: false,
      reason: 'The background ROI has no noise (SD 0): place it in the air around the patient.',
    };
  }
  const value = signalToNoise({ ...signal.stats }, { ...background.stats });
  return {
    ok: true,
    value,
    explanation: `SNR = mean ${signal.stats.mean.toPrecision(4)} / σ, ${RAYLEIGH_NOTE}`,
    uids: [signal.uid, background.uid],
  };
}

/** CNR on a slice: the two most recent non-background ROIs against the lowest-mean (background) ROI. */
export function cnrOf(rows: readonly MeasurementRow[], sliceIndex: number): RatioResult {
  const rois = areaRois(rows, sliceIndex);
  if (rois.length < 3) {
    return { ok: false, reason: 'Draw two tissue ROIs and a background ROI (air) on this slice.' };
  }
  const background = rois.reduce((a, b) => (b.stats.mean < a.stats.mean ? b : a));
  const [b, a] = [...rois].reverse().filter((r) => r !== background) as [
    typeof background,
    typeof background,
  ];
  if (!(background.stats.sd > 0)) {
    return {
      ok: false,
      reason: 'The background ROI has no noise (SD 0): place it in the air around the patient.',
    };
  }
  const value = contrastToNoise({ ...a.stats }, { ...b.stats }, { ...background.stats });
  return {
    ok: true,
    value,
    explanation: `CNR = |${a.stats.mean.toPrecision(4)} − ${b.stats.mean.toPrecision(4)}| / σ, ${RAYLEIGH_NOTE}`,
    uids: [a.uid, b.uid, background.uid],
  };
}
