/**
 * What every check of one series may need, computed once and only when asked: the series' geometry, the tissues
 * at the scanner's field, and the model's labels on each image grid (labels.ts).
 */
import type { AnatomicalModel } from '../anatomy/types.ts';
import { scanGeometry, type ScanGeometry } from '../simulate/geometry.ts';
import { snapshotTissueAt, type ScanSnapshot } from '../simulate/snapshot.ts';
import type { TissueAtField, TissueKey } from '../tissue/types.ts';
import { sliceLabels, type SliceLabels } from './labels.ts';
import { classifyWeighting, type WeightingAnalysis } from './weighting.ts';

/** One reconstructed image of the series, display orientation, row-major (simulate/snapshot.ts `SliceOutput`). */
export interface SeriesImage {
  rows: number;
  columns: number;
  magnitude: Float32Array;
}

/**
 * A submitted series: the snapshot it ran, the model the snapshot names, and its images in slice order. A DWI
 * with two or more b-values also carries its ADC map (simulate/diffusion.ts `adcMap`), one image per slice in
 * m²/s, on the same grid.
 */
export interface GradedSeries {
  snapshot: ScanSnapshot;
  model: AnatomicalModel;
  images: readonly SeriesImage[];
  adc?: readonly SeriesImage[] | undefined;
}

export interface GradingContext {
  series: GradedSeries;
  geometry: ScanGeometry;
  tissueAt: (key: TissueKey) => TissueAtField;
  /** Labels of slice `index` on its image grid (computed on first use). */
  labels: (index: number) => SliceLabels;
  /** The tissues (at field) of the model's labels present anywhere in the series. */
  tissuesInImages: () => TissueAtField[];
  /** The series' weighting: weighting.ts `classifyWeighting`, computed once for every check that names it. */
  weighting: () => WeightingAnalysis;
}

export function gradingContext(series: GradedSeries): GradingContext {
  const geometry = scanGeometry(series.snapshot.protocol);
  if (series.images.length !== geometry.slices.length)
    throw new RangeError(`${series.images.length} images for ${geometry.slices.length} slices`);
  const tissueAt = snapshotTissueAt(series.snapshot);
  const cache = new Map<number, SliceLabels>();
  const labels = (index: number): SliceLabels => {
    let found = cache.get(index);
    if (!found) {
      const plane = geometry.slices[index];
      if (!plane) throw new RangeError(`slice ${index} outside the series`);
      found = sliceLabels(series.model, plane);
      cache.set(index, found);
    }
    return found;
  };
  let present: TissueAtField[] | undefined;
  const tissuesInImages = (): TissueAtField[] => {
    if (present) return present;
    const keys = new Set<TissueKey>();
    for (let i = 0; i < geometry.slices.length; i++) {
      labels(i).fractions.forEach((f, label) => {
        const key = series.model.tissues[label];
        if (label === 0 || !key || keys.has(key)) return;
        for (let p = 0; p < f.length; p++) {
          if ((f[p] ?? 0) > 0) {
            keys.add(key);
            return;
          }
        }
      });
    }
    present = [...keys].map(tissueAt);
    return present;
  };
  let weighting: WeightingAnalysis | undefined;
  const weightingOnce = (): WeightingAnalysis =>
    (weighting ??= classifyWeighting(series.snapshot.protocol, series.snapshot.scanner));
  return { series, geometry, tissueAt, labels, tissuesInImages, weighting: weightingOnce };
}
