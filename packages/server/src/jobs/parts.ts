/**
 * Runs parts of scans where a worker lives (a thread of the server, a thread of `larmor worker`): builds the
 * snapshot's model through the model store (the only file-system edge for models) and keeps it, with its field
 * map, for the next parts of the same model; picks the WebAssembly SIMD Bloch kernels where the platform has them.
 */
import { createJsKernels, type KernelFactory, createWasmKernels } from '@larmor/mri/bloch';
import {
  type FieldMap3d,
  needsFieldMap,
  runScanPart,
  snapshotFieldMap,
  snapshotModelOptions,
  createSliceCache,
  SLICE_CACHE_BYTES,
  type PartOutput,
  type ScanSnapshot,
} from '@larmor/mri/simulate';
import { createModelStore } from '../anatomy/modelStore.ts';
import type { PartTask } from './types.ts';

/** Field maps kept per worker (about a second each to compute, 4 bytes per model voxel). */
const FIELD_MAPS_KEPT = 2;

/** WebAssembly SIMD Bloch kernels where the platform runs them, else the JavaScript ones. */
export function pickKernels(): KernelFactory {
  try {
    createWasmKernels(4, 1);
    return createWasmKernels;
  } catch {
    return createJsKernels;
  }
}

/**
 * `pickKernels` on the first Bloch part, not when the thread starts: a thread that is terminated while it starts
 * (a pool closing, a hung part's replacement) is then never in the middle of compiling WebAssembly, which Node
 * has crashed on (SIGSEGV/SIGABRT, nodejs/node#47748); fast-engine threads never compile the Bloch kernels.
 */
export function lazyKernels(): KernelFactory {
  let picked: KernelFactory | undefined;
  return (spins, samples) => {
    picked ??= pickKernels();
    return picked(spins, samples);
  };
}

/**
 * A part runner with its own model, field-map and slice caches (one per thread; the slice cache keeps a scan's
 * per-geometry work for the next scan of the same slices, `sliceCacheBytes` of it, 0: none).
 */
export function createPartRunner(
  sliceCacheBytes: number = SLICE_CACHE_BYTES,
): (task: PartTask) => PartOutput {
  const models = createModelStore({ maxEntries: 2 });
  const fieldMaps = new Map<string, FieldMap3d>();
  const kernels = lazyKernels();
  const sliceCache = createSliceCache(sliceCacheBytes);

  const fieldMapFor = (snapshot: ScanSnapshot, build: () => FieldMap3d): FieldMap3d => {
    const key = JSON.stringify([snapshot.model, snapshot.scanner.b0, snapshot.tissueOverrides]);
    let map = fieldMaps.get(key);
    if (!map) {
      map = build();
      fieldMaps.set(key, map);
      if (fieldMaps.size > FIELD_MAPS_KEPT) fieldMaps.delete(fieldMaps.keys().next().value as string);
    }
    return map;
  };

  return ({ snapshot, part, stop }) => {
    const model = models.get(snapshot.model.id, snapshotModelOptions(snapshot));
    const fieldMap = needsFieldMap(snapshot)
      ? fieldMapFor(snapshot, () => snapshotFieldMap(snapshot, model))
      : undefined;
    return runScanPart(snapshot, model, part, {
      kernels,
      sliceCache,
      ...(fieldMap ? { fieldMap } : {}),
      ...(stop ? { shouldStop: () => Atomics.load(stop, 0) === 1 } : {}),
    });
  };
}
