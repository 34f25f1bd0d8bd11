/**
 * What a scan slice computes from its geometry alone, kept between the parts a thread runs (issue 26 item 5): the
 * per-tissue k-spaces of `prepareSlice` (resample, tissue separation and their FFTs; about a third of a
 * head-array scan slice), the coarse sensitivity maps of the receive coil's elements (`frameCoilMapSource`) and
 * the Bloch engine's slice phantom (`framePhantom` through blochPhantom.ts; about a fifth of a 256² Bloch SE
 * slice, issue 23). None depends on the contrast or the noise seed, so a scan of the same geometry (the same
 * slices with another TE, TR, sequence or seed, i.e. a student's next scan) takes them as they are and gives the
 * same bytes: the k-spaces and coil sources depend on the geometry alone, the phantom on the geometry, the
 * tissue values and its build options, all of which key it. All are read only once built (the render reads the
 * k-spaces, the Bloch engine copies the phantom's spins into its workspace and never writes them).
 *
 * A cache holds one model's entries (another model clears it) and at most `maxBytes` of k-spaces and phantoms
 * together, the least recently used let go first; the coil sources are small (a coarse grid per element) and
 * follow their slices. It is plain state of the caller's (a worker thread keeps one, tests make their own): no
 * clock, no I/O.
 */
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { TissueAtField } from '../tissue/types.ts';
import type { FramePhantomOptions } from './bloch/framePhantom.ts';
import type { SpinSet } from './bloch/spins.ts';
import type { CoilMapSource } from './coilMaps.ts';
import type { AcquisitionFrame } from './geometry.ts';
import type { PreparedSlice } from './fast/prepare.ts';

/**
 * Default budget of one cache: about 24 slices of 256², a 20-slice scan on one thread (a 256² Bloch SE slice's
 * phantom, 286,226 spins of 10 Float32 arrays, takes about 11 MB of it).
 */
export const SLICE_CACHE_BYTES = 128 * 1024 * 1024;

export interface SliceCache {
  /** The prepared slice of `frame` on `model`: kept, or `build()` (then kept while the budget allows). */
  prepared(model: AnatomicalModel, frame: AcquisitionFrame, build: () => PreparedSlice): PreparedSlice;
  /**
   * The Bloch phantom of `frame` on `model` with `tissues` (by label) and `options` (`framePhantom`'s; a field map
   * keys by identity): kept, or `build()` (then kept while the budget allows).
   */
  phantom(
    model: AnatomicalModel,
    frame: AcquisitionFrame,
    tissues: readonly (TissueAtField | undefined)[],
    options: FramePhantomOptions,
    build: () => SpinSet,
  ): SpinSet;
  /** The coil map source of `coil` (a model coil's unique name) on `frame`: kept, or `build()`. */
  coilSource(
    model: AnatomicalModel,
    coil: string,
    frame: AcquisitionFrame,
    build: () => CoilMapSource | undefined,
  ): CoilMapSource | undefined;
  /** Bytes of k-space and phantoms held now. */
  readonly bytes: number;
}

const preparedBytes = (p: PreparedSlice): number =>
  p.kRe.reduce((sum, k) => sum + k.byteLength, 0) + p.kIm.reduce((sum, k) => sum + k.byteLength, 0);

const spinBytes = (s: SpinSet): number =>
  [s.x, s.y, s.z, s.rho, s.t1, s.t2, s.dw, s.mx, s.my, s.mz].reduce((sum, a) => sum + a.byteLength, 0);

/** JSON of a cache key, with the numbers JSON cannot write (±Infinity, NaN: a T2 of air) kept apart. */
const keyOf = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));

/** A cache of at most `maxBytes` of prepared k-spaces and phantoms (0: keeps nothing, every call builds). */
export function createSliceCache(maxBytes = SLICE_CACHE_BYTES): SliceCache {
  let owner: AnatomicalModel | undefined;
  // Prepared slices and phantoms, least recently used first; each kind's keys carry its own prefix.
  const entries = new Map<string, { value: unknown; bytes: number }>();
  const coils = new Map<string, CoilMapSource | undefined>();
  // Field maps key phantoms by identity (a worker keeps one per model and B0, parts.ts).
  const fieldMapIds = new WeakMap<object, number>();
  let nextFieldMapId = 1;
  let bytes = 0;

  const forModel = (model: AnatomicalModel): void => {
    if (owner === model) return;
    owner = model;
    entries.clear();
    coils.clear();
    bytes = 0;
  };

  /** The value kept under `key`, or `build()`'s, kept (the least recently used let go) while the budget allows. */
  function kept<T>(key: string, build: () => T, sizeOf: (value: T) => number): T {
    const entry = entries.get(key);
    if (entry) {
      entries.delete(key); // most recently used last
      entries.set(key, entry);
      return entry.value as T;
    }
    const value = build();
    const size = sizeOf(value);
    if (size > maxBytes) return value;
    while (bytes + size > maxBytes) {
      const [oldest, old] = entries.entries().next().value as [string, { bytes: number }];
      entries.delete(oldest);
      bytes -= old.bytes;
    }
    entries.set(key, { value, bytes: size });
    bytes += size;
    return value;
  }

  const fieldMapId = (map: object): number => {
    let id = fieldMapIds.get(map);
    if (id === undefined) fieldMapIds.set(map, (id = nextFieldMapId++));
    return id;
  };

  return {
    prepared(model, frame, build) {
      forModel(model);
      return kept(`prepared|${keyOf(frame)}`, build, preparedBytes);
    },
    phantom(model, frame, tissues, options, build) {
      forModel(model);
      const { fieldMap, ...rest } = options;
      const key = keyOf([frame, tissues, rest, fieldMap ? fieldMapId(fieldMap) : 0]);
      return kept(`phantom|${key}`, build, spinBytes);
    },
    coilSource(model, coil, frame, build) {
      forModel(model);
      if (maxBytes <= 0) return build();
      const key = JSON.stringify([coil, frame]);
      if (coils.has(key)) return coils.get(key);
      const source = build();
      coils.set(key, source);
      // Small, but bounded: as many as the slices a full budget holds of 256².
      if (coils.size > 64) coils.delete(coils.keys().next().value as string);
      return source;
    },
    get bytes() {
      return bytes;
    },
  };
}
