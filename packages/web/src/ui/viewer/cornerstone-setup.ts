/**
 * Cornerstone3D wired for Larmor, once per page: the core and tools initialised, the tools registered, and the
 * `larmor:` image loader and metadata provider that serve series held in memory (Cornerstone's core knows no
 * loader; loaders register themselves). A series is registered under its id; its slices are then the image ids
 * `larmor:<seriesId>/<index>`. Only this file and the viewer component import Cornerstone, so it loads lazily.
 */
import {
  cache,
  imageLoader,
  init as initCore,
  metaData,
  utilities,
  Enums as CoreEnums,
  type Types,
} from '@cornerstonejs/core';
import {
  addTool,
  init as initTools,
  EllipticalROITool,
  LengthTool,
  PanTool,
  RectangleROITool,
  StackScrollTool,
  ZoomTool,
} from '@cornerstonejs/tools';
import type { ViewerSeries } from './series.ts';
import { StoredWindowLevelTool } from './window-level-tool.ts';

const SCHEME = 'larmor';
/** Every Larmor series lies in one patient coordinate system per session (docs/conventions.md). */
const DEFAULT_FRAME_OF_REFERENCE = '1.2.826.0.1.3680043.10.1234.1';

interface Registered {
  series: ViewerSeries;
  minPixel: number;
  maxPixel: number;
}

const registry = new Map<string, Registered>();

/** The image id of a slice of a registered series. */
export function imageIdOf(seriesId: string, index: number): string {
  return `${SCHEME}:${seriesId}/${index}`;
}

function parseImageId(imageId: string): { entry: Registered; index: number } | null {
  const match = /^larmor:(.+)\/(\d+)$/.exec(imageId);
  if (!match) return null;
  const entry = registry.get(match[1] as string);
  const index = Number(match[2]);
  return entry && index < entry.series.slices.length ? { entry, index } : null;
}

/**
 * Registers (or replaces) a series and returns its image ids. A replaced series' cached images are dropped, so
 * new pixels under the same id are shown.
 */
export function registerSeries(series: ViewerSeries): {
  imageIds: string[];
  minPixel: number;
  maxPixel: number;
} {
  let minPixel = Infinity;
  let maxPixel = -Infinity;
  for (const slice of series.slices) {
    for (let i = 0; i < slice.pixels.length; i++) {
      const v = slice.pixels[i] as number;
      if (v < minPixel) minPixel = v;
      if (v > maxPixel) maxPixel = v;
    }
  }
  if (!(minPixel <= maxPixel)) [minPixel, maxPixel] = [0, 1];
  const previous = registry.get(series.id);
  registry.set(series.id, { series, minPixel, maxPixel });
  const imageIds = series.slices.map((_, index) => imageIdOf(series.id, index));
  if (previous && previous.series !== series) {
    for (let index = 0; index < previous.series.slices.length; index++) {
      const id = imageIdOf(series.id, index);
      if (cache.getImageLoadObject(id)) cache.removeImageLoadObject(id, { force: true });
    }
  }
  return { imageIds, minPixel, maxPixel };
}

function loadLarmorImage(imageId: string): Types.IImageLoadObject {
  const found = parseImageId(imageId);
  if (!found) return { promise: Promise.reject(new Error(`No Larmor series holds ${imageId}`)) };
  const { entry, index } = found;
  const { series } = entry;
  const slice = series.slices[index];
  if (!slice) return { promise: Promise.reject(new Error(`No slice ${index} in ${series.id}`)) };
  const voxelManager = utilities.VoxelManager.createImageVoxelManager({
    width: series.columns,
    height: series.rows,
    numberOfComponents: 1,
    scalarData: slice.pixels,
    id: imageId,
  });
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < slice.pixels.length; i++) {
    const v = slice.pixels[i] as number;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const image: Types.IImage = {
    imageId,
    minPixelValue: Number.isFinite(min) ? min : 0,
    maxPixelValue: Number.isFinite(max) ? max : 1,
    slope: 1,
    intercept: 0,
    windowCenter: series.window.center,
    windowWidth: series.window.width,
    // The pixels are the export's stored integers (stored-series.ts), so DICOM's LINEAR function for integer
    // pixels (PS3.3 C.11.2.1.2.1) applies, as in a PACS; window-level.ts does its arithmetic.
    voiLUTFunction: CoreEnums.VOILUTFunctionType.LINEAR,
    getPixelData: () => voxelManager.getScalarData() as Types.PixelDataTypedArray,
    getCanvas: () => {
      throw new Error('Larmor images are rendered by the viewport, not as a canvas');
    },
    rows: series.rows,
    columns: series.columns,
    height: series.rows,
    width: series.columns,
    color: false,
    rgba: false,
    numberOfComponents: 1,
    rowPixelSpacing: series.pixelSpacingMm[0],
    columnPixelSpacing: series.pixelSpacingMm[1],
    sliceThickness: series.acquisition?.sliceThicknessMm,
    invert: false,
    photometricInterpretation: 'MONOCHROME2',
    sizeInBytes: slice.pixels.byteLength,
    dataType: 'Float32Array',
    voxelManager,
    FrameOfReferenceUID: DEFAULT_FRAME_OF_REFERENCE,
  };
  return { promise: Promise.resolve(image) };
}

/** DICOM-module metadata of a slice, the subset Cornerstone's viewports and tools read. */
function larmorMetadata(type: string, imageId: string): unknown {
  const found = parseImageId(imageId);
  if (!found) return undefined;
  const { series } = found.entry;
  const slice = series.slices[found.index];
  if (!slice) return undefined;
  const [rowSpacing, columnSpacing] = series.pixelSpacingMm;
  const orientation = slice.imageOrientationPatient;
  switch (type) {
    case 'imagePlaneModule':
      return {
        frameOfReferenceUID: DEFAULT_FRAME_OF_REFERENCE,
        rows: series.rows,
        columns: series.columns,
        imageOrientationPatient: [...orientation],
        rowCosines: orientation.slice(0, 3),
        columnCosines: orientation.slice(3, 6),
        imagePositionPatient: [...slice.imagePositionPatientMm],
        pixelSpacing: [rowSpacing, columnSpacing],
        rowPixelSpacing: rowSpacing,
        columnPixelSpacing: columnSpacing,
        sliceThickness: series.acquisition?.sliceThicknessMm,
        usingDefaultValues: false,
      };
    case 'imagePixelModule':
      return {
        samplesPerPixel: 1,
        photometricInterpretation: 'MONOCHROME2',
        rows: series.rows,
        columns: series.columns,
        bitsAllocated: 32,
        bitsStored: 32,
        highBit: 31,
        pixelRepresentation: 1,
      };
    case 'generalSeriesModule':
      return {
        modality: 'MR',
        seriesInstanceUID: `${SCHEME}.${series.id}`,
        seriesDescription: series.description,
      };
    case 'generalImageModule':
      return { instanceNumber: found.index + 1 };
    case 'voiLutModule':
      return {
        windowCenter: [series.window.center],
        windowWidth: [series.window.width],
        voiLUTFunction: CoreEnums.VOILUTFunctionType.LINEAR,
      };
    case 'modalityLutModule':
      return { rescaleSlope: 1, rescaleIntercept: 0 };
    default:
      return undefined;
  }
}

let ready: Promise<void> | undefined;

/**
 * Initialises Cornerstone3D once per page (React StrictMode mounts effects twice; the promise makes the second
 * call wait for the first) and registers the loader, the metadata provider and the tools.
 */
export function ensureCornerstone(): Promise<void> {
  ready ??= Promise.resolve().then(() => {
    initCore();
    initTools();
    imageLoader.registerImageLoader(SCHEME, loadLarmorImage as Types.ImageLoaderFn);
    // Above the default priority, so a Larmor image id never reaches another provider.
    metaData.addProvider(larmorMetadata, 10_000);
    for (const tool of [
      StoredWindowLevelTool,
      ZoomTool,
      PanTool,
      StackScrollTool,
      EllipticalROITool,
      RectangleROITool,
      LengthTool,
    ]) {
      addTool(tool);
    }
  });
  return ready;
}

/** The pixel range of a registered series (for the full-range window preset). */
export function seriesRange(seriesId: string): { minPixel: number; maxPixel: number } | undefined {
  const entry = registry.get(seriesId);
  return entry && { minPixel: entry.minPixel, maxPixel: entry.maxPixel };
}
