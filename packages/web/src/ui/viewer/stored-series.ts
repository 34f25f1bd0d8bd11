/**
 * A series in the values its DICOM export stores (@larmor/mri io/dicom/storedValues.ts): integer pixels with the
 * series' peak at 4095, and the default window as the export's integer Window Center/Width. Every viewer shows
 * a series through this, so its W/L numbers and ROI statistics are those a PACS shows for the exported series,
 * and the window's sensitivity is that of a 12-bit image, not of magnitudes of about 0–1.
 */
import { storedValueScale, toStoredValues, toStoredWindow } from '@larmor/mri/io';
import type { ViewerSeries } from './series.ts';

export function storedSeries(series: ViewerSeries): ViewerSeries {
  const scale = storedValueScale(series.slices.map((s) => s.pixels));
  return {
    ...series,
    slices: series.slices.map((slice) => ({ ...slice, pixels: toStoredValues(slice.pixels, scale) })),
    window: toStoredWindow(series.window, scale),
  };
}
