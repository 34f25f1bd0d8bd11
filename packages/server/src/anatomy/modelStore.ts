/**
 * The server's edge for anatomical models: reads the shipped brain asset and the knee and abdomen assets derived
 * from the SPL Knee and Abdominal Atlases at install time from disk (gunzip with node:zlib), hands their bytes to @larmor/mri, and caches built
 * models. @larmor/mri builds models purely; this file is the only place that touches the file system for them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  buildModel,
  decodeBrainAsset,
  decodeLabelAsset,
  listModels,
  type ModelBuildOptions,
  type LabelAsset,
  type ModelInfo,
} from '@larmor/mri/anatomy';
import type { AnatomicalModel } from '@larmor/mri';

/** The shipped, gzip-compressed Colin27 label volume (see packages/mri/assets/brain/README.md). */
export const BRAIN_ASSET_PATH = fileURLToPath(
  new URL('../../../mri/assets/brain/colin27-labels.bin.gz', import.meta.url),
);

/**
 * The knee label volume derived from the SPL Knee Atlas by `npm install` (packages/mri/scripts/build-knee.ts) into
 * the project's git-ignored cache; absent where the atlas was not found (packages/mri/assets/knee/README.md).
 */
export const KNEE_ASSET_PATH = fileURLToPath(
  new URL('../../../../.cache/anatomy/spl-knee-labels.bin.gz', import.meta.url),
);

/**
 * The abdomen label volume derived from the SPL Abdominal Atlas by `npm install` (packages/mri/scripts/
 * build-abdomen.ts) into the same cache; absent where that atlas was not found (packages/mri/assets/abdomen/README.md).
 * Models 5 (abdomen) and 4 (lumbar spine) are built from it.
 */
export const ABDOMEN_ASSET_PATH = fileURLToPath(
  new URL('../../../../.cache/anatomy/spl-abdomen-labels.bin.gz', import.meta.url),
);

/** Built models kept in memory; a brain is about 7 MB, a procedural model 1–6 MB. */
const DEFAULT_MAX_ENTRIES = 12;

/** Reads and decodes the brain asset. */
export function loadBrainAsset(path: string = BRAIN_ASSET_PATH): LabelAsset {
  return decodeBrainAsset(new Uint8Array(gunzipSync(readFileSync(path))));
}

/** Reads and decodes an atlas-derived label asset (knee, abdomen), or undefined when the cache holds none. */
export function loadAtlasAsset(path: string): LabelAsset | undefined {
  return existsSync(path) ? decodeLabelAsset(new Uint8Array(gunzipSync(readFileSync(path)))) : undefined;
}

/** Reads and decodes the knee asset, or undefined when the cache holds none. */
export function loadKneeAsset(path: string = KNEE_ASSET_PATH): LabelAsset | undefined {
  return loadAtlasAsset(path);
}

/** Where the atlas-derived assets are (tests point them elsewhere). */
export interface AtlasAssetPaths {
  knee?: string;
  abdomen?: string;
}

/** Which atlas-derived assets this installation has. */
function availability(paths: AtlasAssetPaths = {}): { kneeAtlas: boolean; abdomenAtlas: boolean } {
  return {
    kneeAtlas: existsSync(paths.knee ?? KNEE_ASSET_PATH),
    abdomenAtlas: existsSync(paths.abdomen ?? ABDOMEN_ASSET_PATH),
  };
}

/**
 * Every model as this installation builds it: the knee, abdomen and spine under their fallback names where their
 * atlas asset is missing. A string is the knee asset's path (as before the abdomen had one).
 */
export function availableModels(paths: string | AtlasAssetPaths = {}): ModelInfo[] {
  return listModels(availability(typeof paths === 'string' ? { knee: paths } : paths));
}

/** The credit of registry model `id`'s anatomy as this installation builds it (for exports), if it carries one. */
export function modelNotice(id: number, paths: string | AtlasAssetPaths = {}): string | undefined {
  return availableModels(paths).find((m) => m.id === id)?.notice;
}

/** Loggers already told that a model falls back, by model (so a process says it once, however many stores it makes). */
const toldFallback = new Map<string, WeakSet<(message: string) => void>>();

function tellOnce(log: (message: string) => void, model: string, message: string): void {
  const told = toldFallback.get(model) ?? new WeakSet();
  toldFallback.set(model, told);
  if (told.has(log)) return;
  told.add(log);
  log(message);
}

function warn(message: string): void {
  console.warn(`larmor: ${message}`);
}

/** Options that change a model's labels, reduced to what the model's features use, as a cache key. */
function cacheKey(info: ModelInfo, options: StoreBuildOptions): string {
  const f = new Set(info.features);
  return JSON.stringify([
    info.id,
    f.has('Brain Condition') ? (options.brainCondition ?? 'healthy') : null,
    f.has('Heart Condition') ? (options.heartCondition ?? 'healthy') : null,
    f.has('Default cardiac phase') ? (options.cardiacPhase ?? 1) : null,
    f.has('Breathing mode') ? (options.breathingMode ?? 'breathhold_full_exhale') : null,
  ]);
}

/** Build options without the assets, which the store reads itself. */
export type StoreBuildOptions = Omit<ModelBuildOptions, 'brainAsset' | 'kneeAsset' | 'abdomenAsset'>;

export interface ModelStore {
  list: () => ModelInfo[];
  /** The built model for these options, from the cache when it was built before. Throws for an unknown id. */
  get: (id: number, options?: StoreBuildOptions) => AnatomicalModel;
}

/**
 * A least-recently-used cache of built models over `buildModel`; the brain, knee and abdomen assets are read once,
 * on first use. Without an atlas asset its models are the procedural ones, named so, and `log` (default: stderr)
 * is told once per atlas.
 */
export function createModelStore(
  options: {
    brainAssetPath?: string;
    kneeAssetPath?: string;
    abdomenAssetPath?: string;
    maxEntries?: number;
    log?: (message: string) => void;
  } = {},
): ModelStore {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const cache = new Map<string, AnatomicalModel>();
  let brainAsset: LabelAsset | undefined;
  let kneeAsset: LabelAsset | undefined;
  let abdomenAsset: LabelAsset | undefined;
  const kneePath = options.kneeAssetPath ?? KNEE_ASSET_PATH;
  const abdomenPath = options.abdomenAssetPath ?? ABDOMEN_ASSET_PATH;
  const available = availability({ knee: kneePath, abdomen: abdomenPath });
  const log = options.log ?? warn;
  if (!available.kneeAtlas) {
    tellOnce(
      log,
      'knee',
      `knee atlas asset not found at ${kneePath}: model 2 is the procedural knee. Put the SPL Knee Atlas in ` +
        '../shared/data/anatomy/spl-knee (or set LARMOR_ANATOMY_DIR) and run npm run build:anatomy -w @larmor/mri.',
    );
  }
  if (!available.abdomenAtlas) {
    tellOnce(
      log,
      'abdomen',
      `abdominal atlas asset not found at ${abdomenPath}: models 4 (spine) and 5 (abdomen) are the procedural ` +
        'trunk. Put the SPL Abdominal Atlas in ../shared/data/anatomy/spl-abdomen (or set LARMOR_ANATOMY_DIR) and ' +
        'run npm run build:anatomy -w @larmor/mri.',
    );
  }
  return {
    list: () => listModels(available),
    get(id, buildOptions = {}) {
      const info = listModels(available).find((m) => m.id === id);
      if (!info) throw new RangeError(`unknown anatomical model ${id}`);
      const key = cacheKey(info, buildOptions);
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      if (info.key === 'brain') brainAsset ??= loadBrainAsset(options.brainAssetPath);
      if (info.key === 'knee' && available.kneeAtlas) kneeAsset ??= loadKneeAsset(kneePath);
      const fromAbdomen = info.key === 'abdomen' || info.key === 'spine';
      if (fromAbdomen && available.abdomenAtlas) abdomenAsset ??= loadAtlasAsset(abdomenPath);
      const model = buildModel(id, {
        ...buildOptions,
        brainAsset,
        ...(kneeAsset ? { kneeAsset } : {}),
        ...(fromAbdomen && abdomenAsset ? { abdomenAsset } : {}),
      });
      cache.set(key, model);
      while (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return model;
    },
  };
}
