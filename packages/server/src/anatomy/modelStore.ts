/**
 * The server's edge for anatomical models: reads the shipped brain asset from disk (gunzip with node:zlib),
 * hands its bytes to @larmor/mri, and caches built models. @larmor/mri builds models purely; this file is the only
 * place that touches the file system for them.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import {
  buildModel,
  decodeBrainAsset,
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

/** Built models kept in memory; a brain is about 7 MB, a procedural model 1–6 MB. */
const DEFAULT_MAX_ENTRIES = 12;

/** Reads and decodes the brain asset. */
export function loadBrainAsset(path: string = BRAIN_ASSET_PATH): LabelAsset {
  return decodeBrainAsset(new Uint8Array(gunzipSync(readFileSync(path))));
}

/** Options that change a model's labels, reduced to what the model's features use, as a cache key. */
function cacheKey(info: ModelInfo, options: Omit<ModelBuildOptions, 'brainAsset'>): string {
  const f = new Set(info.features);
  return JSON.stringify([
    info.id,
    f.has('Brain Condition') ? (options.brainCondition ?? 'healthy') : null,
    f.has('Heart Condition') ? (options.heartCondition ?? 'healthy') : null,
    f.has('Default cardiac phase') ? (options.cardiacPhase ?? 1) : null,
    f.has('Breathing mode') ? (options.breathingMode ?? 'breathhold_full_exhale') : null,
  ]);
}

export interface ModelStore {
  list: () => ModelInfo[];
  /** The built model for these options, from the cache when it was built before. Throws for an unknown id. */
  get: (id: number, options?: Omit<ModelBuildOptions, 'brainAsset'>) => AnatomicalModel;
}

/** A least-recently-used cache of built models over `buildModel`; the brain asset is read once, on first use. */
export function createModelStore(options: { brainAssetPath?: string; maxEntries?: number } = {}): ModelStore {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const cache = new Map<string, AnatomicalModel>();
  let brainAsset: LabelAsset | undefined;
  return {
    list: listModels,
    get(id, buildOptions = {}) {
      const info = listModels().find((m) => m.id === id);
      if (!info) throw new RangeError(`unknown anatomical model ${id}`);
      const key = cacheKey(info, buildOptions);
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      if (info.key === 'brain') brainAsset ??= loadBrainAsset(options.brainAssetPath);
      const model = buildModel(id, { ...buildOptions, brainAsset });
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
