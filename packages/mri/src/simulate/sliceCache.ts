/**
 * What a scan slice computes from its geometry alone, kept between the parts a thread runs (issue 26 item 5): the
 * per-tissue k-spaces of `prepareSlice` (resample, tissue separation and their FFTs; about a third of a
 * head-array scan slice) and the coarse sensitivity maps of the receive coil's elements (`frameCoilMapSource`).
 * Neither depends on the contrast, the noise seed or the tissue properties, so a scan of the same geometry (the
 * same slices with another TE, TR, sequence or seed, i.e. a student's next scan) takes them as they are and
 * gives the same bytes. Both are read only once built (the render reads the k-spaces, never writes them).
 *
 * A cache holds one model's entries (another model clears it) and at most `maxBytes` of k-spaces, the least
 * recently used let go first; the coil sources are small (a coarse grid per element) and follow their slices.
 * It is plain state of the caller's (a worker thread keeps one, tests make their own): no clock, no I/O.
 */
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { CoilMapSource } from './coilMaps.ts';
import type { AcquisitionFrame } from './geometry.ts';
import type { PreparedSlice } from './fast/prepare.ts';

/** Default budget of one cache: about 24 slices of 256², a 20-slice scan on one thread. */
export const SLICE_CACHE_BYTES = 128 * 1024 * 1024;

export interface SliceCache {
  /** The prepared slice of `frame` on `model`: kept, or `build()` (then kept while the budget allows). */
  prepared(model: AnatomicalModel, frame: AcquisitionFrame, build: () => PreparedSlice): PreparedSlice;
  /** The coil map source of `coil` (a model coil's unique name) on `frame`: kept, or `build()`. */
  coilSource(
    model: AnatomicalModel,
    coil: string,
    frame: AcquisitionFrame,
    build: () => CoilMapSource | undefined,
  ): CoilMapSource | undefined;
  /** Bytes of k-space held now. */
  readonly bytes: number;
}

const preparedBytes = (p: PreparedSlice): number =>
  p.kRe.reduce((sum, k) => sum + k.byteLength, 0) + p.kIm.reduce((sum, k) => sum + k.byteLength, 0);

/** A cache of at most `maxBytes` of prepared k-spaces (0: keeps nothing, every call builds). */
export function createSliceCache(maxBytes = SLICE_CACHE_BYTES): SliceCache {
  let owner: AnatomicalModel | undefined;
  const slices = new Map<string, { prepared: PreparedSlice; bytes: number }>();
  const coils = new Map<string, CoilMapSource | undefined>();
  let bytes = 0;

  const forModel = (model: AnatomicalModel): void => {
    if (owner === model) return;
    owner = model;
    slices.clear();
    coils.clear();
    bytes = 0;
  };

  return {
    prepared(model, frame, build) {
      forModel(model);
      const key = JSON.stringify(frame);
      const kept = slices.get(key);
      if (kept) {
        slices.delete(key); // most recently used last
        slices.set(key, kept);
        return kept.prepared;
      }
      const prepared = build();
      const size = preparedBytes(prepared);
      if (size > maxBytes) return prepared;
      while (bytes + size > maxBytes) {
        const [oldest, entry] = slices.entries().next().value as [string, { bytes: number }];
        slices.delete(oldest);
        bytes -= entry.bytes;
      }
      slices.set(key, { prepared, bytes: size });
      bytes += size;
      return prepared;
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
