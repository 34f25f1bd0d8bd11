/**
 * Renders one knowledge-base figure with the engine itself (@larmor/mri's fast engine, session backend cpusim)
 * and encodes it as an 8-bit greyscale PNG. Runs at build time in Node: the only I/O is reading the shipped brain
 * asset and the knee asset derived from the SPL Knee Atlas at install time (where it was), as the server's model
 * store does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { encode } from 'fast-png';
import { encode as encodeJpeg } from 'jpeg-js';
import {
  buildModel,
  decodeBrainAsset,
  decodeLabelAsset,
  listModels,
  type BrainCondition,
  type LabelAsset,
} from '@larmor/mri/anatomy';
import { defaultProtocol } from '@larmor/mri/sequence';
import { scannerOf, type AnatomicalModel, type Protocol, type SequenceFamily } from '@larmor/mri';
import { simulate, type Motion, type NoiseLevel } from '@larmor/mri/simulate';
import {
  bolusEnhancedTissue,
  contrastEnhancedTissue,
  tissueAtField,
  type BolusSettings,
  type ContrastSettings,
  type TissueAtField,
} from '@larmor/mri/tissue';

/** One figure: a single slice of a model scanned with a family's default protocol and the given changes. */
export interface FigureSpec {
  /** File name without extension: `/figures/kb/<name>.png`. */
  name: string;
  /** Model key of @larmor/mri's registry ('brain', 'knee', …). */
  model: string;
  family: SequenceFamily;
  /** Changes to the family's default protocol (SI units). */
  protocol?: Partial<Protocol>;
  /** Field strength [T]; 1.5 by default. */
  b0?: number;
  noiseLevel?: NoiseLevel;
  motion?: Motion;
  /** The brain model's condition ('tumor': the contrast-capable brain of model 202); healthy by default. */
  brainCondition?: BrainCondition;
  /**
   * Gadolinium in the tissues, as the simulator's settings give it: `contrast` (time after injection, the
   * equilibrium phase: @larmor/mri/tissue `contrastEnhancedTissue`) or `bolus` (first pass, the timing-bolus
   * tool: `bolusEnhancedTissue`). None by default.
   */
  contrast?: { kind: 'equilibrium'; settings: ContrastSettings } | { kind: 'bolus'; settings: BolusSettings };
  /**
   * 'png' (default, lossless: the knowledge base) or 'jpeg' (a third of the bytes: the landing page, which must load
   * within the first page's budget).
   */
  format?: FigureFormat;
}

export type FigureFormat = 'png' | 'jpeg';

/** JPEG quality of 'jpeg' figures: no visible blocking on MR images at 85. */
const JPEG_QUALITY = 85;

/** The file name a figure is served under: `<name>.png` or `<name>.jpg`. */
export function figureFileName(spec: FigureSpec): string {
  return `${spec.name}.${spec.format === 'jpeg' ? 'jpg' : 'png'}`;
}

/** The Content-Type of a figure's file. */
export function figureContentType(spec: FigureSpec): string {
  return spec.format === 'jpeg' ? 'image/jpeg' : 'image/png';
}

/** 8-bit grey pixels as a baseline JPEG (jpeg-js takes RGBA). */
function greyJpeg(grey: Uint8Array, width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < grey.length; i += 1) {
    const value = grey[i] ?? 0;
    rgba[4 * i] = value;
    rgba[4 * i + 1] = value;
    rgba[4 * i + 2] = value;
    rgba[4 * i + 3] = 255;
  }
  return new Uint8Array(encodeJpeg({ data: rgba, width, height }, JPEG_QUALITY).data);
}

const BRAIN_ASSET_URL = new URL('../../mri/assets/brain/colin27-labels.bin.gz', import.meta.url);
const KNEE_ASSET_URL = new URL('../../../.cache/anatomy/spl-knee-labels.bin.gz', import.meta.url);
/**
 * The file of the knee asset `npm install` derives from the SPL Knee Atlas into the project's git-ignored cache;
 * asked for when a figure needs it, not when this module loads (a jsdom test imports it with a non-file URL).
 */
export const kneeAssetPath = (): string => fileURLToPath(KNEE_ASSET_URL);
const ABDOMEN_ASSET_URL = new URL('../../../.cache/anatomy/spl-abdomen-labels.bin.gz', import.meta.url);
/** The file of the abdomen (and spine) asset `npm install` derives from the SPL Abdominal Atlas, likewise. */
export const abdomenAssetPath = (): string => fileURLToPath(ABDOMEN_ASSET_URL);

/** Figures are small: the matrix the articles show them at. */
const FIGURE_MATRIX = 128;
/** Magnitudes at this quantile of the image map to white (a few bright pixels do not darken the rest). */
const WHITE_QUANTILE = 0.995;

let brainAsset: LabelAsset | undefined;
let kneeAsset: LabelAsset | undefined;
let abdomenAsset: LabelAsset | undefined;
const models = new Map<string, AnatomicalModel>();

function model(key: string, brainCondition: BrainCondition | undefined): AnatomicalModel {
  const cacheKey = `${key}:${brainCondition ?? 'healthy'}`;
  const cached = models.get(cacheKey);
  if (cached) return cached;
  const info = listModels().find((m) => m.key === key);
  if (!info) throw new RangeError(`unknown model '${key}' in a knowledge-base figure`);
  if (key === 'brain') {
    brainAsset ??= decodeBrainAsset(new Uint8Array(gunzipSync(readFileSync(fileURLToPath(BRAIN_ASSET_URL)))));
  }
  if (key === 'knee' && existsSync(kneeAssetPath())) {
    kneeAsset ??= decodeLabelAsset(new Uint8Array(gunzipSync(readFileSync(kneeAssetPath()))));
  }
  const fromAbdomen = key === 'abdomen' || key === 'spine';
  if (fromAbdomen && existsSync(abdomenAssetPath())) {
    abdomenAsset ??= decodeLabelAsset(new Uint8Array(gunzipSync(readFileSync(abdomenAssetPath()))));
  }
  const built = buildModel(info.id, {
    brainAsset,
    ...(key === 'knee' && kneeAsset ? { kneeAsset } : {}),
    ...(fromAbdomen && abdomenAsset ? { abdomenAsset } : {}),
    ...(brainCondition ? { brainCondition } : {}),
  });
  models.set(cacheKey, built);
  return built;
}

function toGrey8(magnitude: Float32Array): Uint8Array {
  const sorted = Float32Array.from(magnitude).sort();
  const white = sorted[Math.min(sorted.length - 1, Math.floor(WHITE_QUANTILE * sorted.length))] ?? 0;
  const scale = white > 0 ? 255 / white : 0;
  return Uint8Array.from(magnitude, (m) => Math.min(255, Math.round(m * scale)));
}

/** A tissue as the figure's gadolinium leaves it at field `b0` [T] (unchanged without contrast). */
function withAgent(tissue: TissueAtField, contrast: FigureSpec['contrast'], b0: number): TissueAtField {
  if (contrast === undefined) return tissue;
  return contrast.kind === 'bolus'
    ? bolusEnhancedTissue(tissue, contrast.settings, b0)
    : contrastEnhancedTissue(tissue, contrast.settings, b0);
}

/** The image file of `spec` (PNG, or JPEG where it asks): deterministic (fixed noise seed), so the same spec always gives the same file. */
export function renderFigure(spec: FigureSpec): Uint8Array {
  const anatomy = model(spec.model, spec.brainCondition);
  const scanner = scannerOf({ b0field: spec.b0, coil: anatomy.coils[0]?.uniqueName });
  const defaults = defaultProtocol(spec.family, scanner);
  const protocol: Protocol = {
    ...defaults,
    // Echo-planar families keep their own (small) matrix; 3D families keep their partitions.
    ...(defaults.matrixRead > FIGURE_MATRIX ? { matrixRead: FIGURE_MATRIX, matrixPhase: FIGURE_MATRIX } : {}),
    ...(spec.family === 'MPRAGE' ? {} : { sliceCount: 1 }),
    ...spec.protocol,
  };
  const result = simulate(anatomy, protocol, scanner, {
    tissueAt: (key) => withAgent(tissueAtField(key, scanner.b0), spec.contrast, scanner.b0),
    noiseLevel: spec.noiseLevel ?? 1,
    seed: 1,
    ...(spec.motion ? { motion: spec.motion } : {}),
  });
  const image = result.images[0];
  if (!image) throw new Error(`figure ${spec.name}: the engine returned no image`);
  const grey = toGrey8(image.magnitude);
  if (spec.format === 'jpeg') return greyJpeg(grey, image.columns, image.rows);
  return encode({ width: image.columns, height: image.rows, data: grey, channels: 1, depth: 8 });
}
