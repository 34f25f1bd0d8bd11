/**
 * A scan as plain data (DESIGN.md §1 jobs/, §7): everything a run needs to give the same images again — protocol
 * with its slice geometry, model and condition, scanner, simulation settings, the lab's tissue overrides, the noise
 * seed and the engine — and nothing that is a function or a class, so it crosses a thread or a machine unchanged
 * (`structuredClone`, JSON). @larmor/contracts holds its zod schema (scan-snapshot.ts); the server checks that the
 * two describe the same type.
 *
 * A scan runs as parts (`scanParts`): one slice each on the fast engine (`cpusim`), one spin chunk of one slice
 * each on the Bloch engine (`censol`; DESIGN.md §2: a Bloch scan is a sum over spins). Parts are independent, so
 * any number of workers may run them (`runScanPart`), and `assembleScan` joins their outputs into the images the
 * serial `simulateSnapshot` gives, byte for byte.
 */
import type { ModelBuildOptions } from '../anatomy/registry.ts';
import { kSpaceCentreTime } from '../sequence/kspace-centre.ts';
import type { AnatomicalModel } from '../anatomy/types.ts';
import { bolusEnhancedTissue } from '../tissue/bolus.ts';
import { contrastEnhancedTissue } from '../tissue/contrast.ts';
import { tissueAtField } from '../tissue/library.ts';
import type { TissueAtField, TissueKey } from '../tissue/types.ts';
import type { BlochSignal } from './bloch/scan.ts';
import type { FieldMap3d } from './fieldMap.ts';
import { scanGeometry } from './geometry.ts';
import { modelFieldMap, simulateSlice, tissuesByLabel, type SimulateOptions } from './simulate.ts';
import { blochSliceImage, simulateSpinChunk } from './snapshotBloch.ts';
import { throwIfStopped } from './stop.ts';
import type {
  ScanSnapshot,
  ScanPart,
  SliceOutput,
  PartOutput,
  SnapshotResult,
  PartContext,
} from './scanSnapshot.ts';

export * from './scanSnapshot.ts';

/** The model build options of a snapshot (without the brain asset, which the caller's edge supplies). */
export function snapshotModelOptions(snapshot: ScanSnapshot): Omit<ModelBuildOptions, 'brainAsset'> {
  const { id: _id, ...options } = snapshot.model;
  return options;
}

/**
 * Tissue properties at the snapshot's B0 with its overrides, and its contrast agent when one was given (the
 * `tissueAt` of `SimulateOptions`): a late phase at its time after the injection, a bolus's first pass at the
 * moment the scan reads the centre of k-space, `secondsAfterInjection` (the scan delay) plus the time from the
 * scan's start to its k-space centre (sequence/kspace-centre.ts).
 */
export function snapshotTissueAt(snapshot: ScanSnapshot): (key: TissueKey) => TissueAtField {
  const { b0 } = snapshot.scanner;
  const contrast = snapshot.simulation.contrast;
  const plain = (key: TissueKey) => tissueAtField(key, b0, snapshot.tissueOverrides[key]);
  if (contrast === undefined) return plain;
  // A first pass changes within seconds: the image shows it when the scan reads the k-space centre.
  const firstPass = contrast.firstPass && {
    ...contrast,
    secondsAfterInjection:
      contrast.secondsAfterInjection + kSpaceCentreTime(snapshot.protocol, snapshot.scanner),
  };
  const enhanced = new Map<TissueKey, TissueAtField>();
  return (key) => {
    let tissue = enhanced.get(key);
    if (tissue === undefined) {
      tissue = firstPass
        ? bolusEnhancedTissue(plain(key), firstPass, b0)
        : contrastEnhancedTissue(
            plain(key),
            { ...contrast, timeAfterContrast: contrast.secondsAfterInjection },
            b0,
          );
      enhanced.set(key, tissue);
    }
    return tissue;
  };
}

/**
 * Whether a scan of this snapshot needs the model's field map: its susceptibility is on (either engine; the server
 * turns it on only for the Bloch backend, as the spec hides susceptibility on the CPU simulator).
 */
export const needsFieldMap = (snapshot: ScanSnapshot): boolean => snapshot.simulation.susceptibility === true;

/** The model's susceptibility field map for this snapshot's B0 and tissue values (about a second per model). */
export function snapshotFieldMap(snapshot: ScanSnapshot, model: AnatomicalModel): FieldMap3d {
  return modelFieldMap(model, snapshotTissueAt(snapshot), snapshot.scanner.b0);
}

/** The options of the fast engine's `simulate` for a snapshot. */
export function snapshotSimulateOptions(
  snapshot: ScanSnapshot,
  model: AnatomicalModel,
  context: PartContext = {},
): SimulateOptions {
  const s = snapshot.simulation;
  const fieldMap = needsFieldMap(snapshot)
    ? (context.fieldMap ?? snapshotFieldMap(snapshot, model))
    : undefined;
  return {
    tissueAt: snapshotTissueAt(snapshot),
    noiseLevel: s.noiseLevel,
    seed: snapshot.seed,
    ...(s.receive ? { receive: s.receive } : {}),
    ...(s.prescanNormalize === undefined ? {} : { prescanNormalize: s.prescanNormalize }),
    ...(s.partialFourierMode ? { partialFourierMode: s.partialFourierMode } : {}),
    ...(s.motion ? { motion: s.motion } : {}),
    ...(fieldMap ? { fieldMap } : {}),
    ...(context.sliceCache ? { sliceCache: context.sliceCache } : {}),
  };
}

/** Spin chunks per slice of a Bloch snapshot (at least 1). */
const chunksPerSlice = (snapshot: ScanSnapshot): number =>
  Math.max(1, Math.floor(snapshot.simulation.chunksPerSlice ?? 1));

/** The independent parts of a scan, in slice order (and chunk order within a Bloch slice). */
export function scanParts(snapshot: ScanSnapshot): ScanPart[] {
  const parts: ScanPart[] = [];
  const chunks = chunksPerSlice(snapshot);
  for (let slice = 0; slice < snapshot.protocol.sliceCount; slice++) {
    if (snapshot.engine === 'cpusim') parts.push({ kind: 'slice', slice });
    else for (let chunk = 0; chunk < chunks; chunk++) parts.push({ kind: 'spins', slice, chunk, chunks });
  }
  return parts;
}

/** Runs one part of a scan on `model` (the model the snapshot names, built by the caller). */
export function runScanPart(
  snapshot: ScanSnapshot,
  model: AnatomicalModel,
  part: ScanPart,
  context: PartContext = {},
): PartOutput {
  if (model.id !== snapshot.model.id)
    throw new RangeError(`the snapshot names model ${snapshot.model.id}, given model ${model.id}`);
  throwIfStopped(context.shouldStop);
  if (part.kind === 'slice') {
    if (snapshot.engine !== 'cpusim') throw new RangeError(`a slice part needs the cpusim engine`);
    const options = snapshotSimulateOptions(snapshot, model, context);
    const tissues = tissuesByLabel(model, options);
    const { image, kspace, receiveChannels, coilKSpaces } = simulateSlice(
      model,
      snapshot.protocol,
      snapshot.scanner,
      { ...options, ...(part.coilKSpaces === true ? { keepCoilKSpaces: true } : {}) },
      part.slice,
      tissues,
    );
    const output: SliceOutput = {
      slice: part.slice,
      rows: image.rows,
      columns: image.columns,
      magnitude: image.magnitude,
      kspaceRe: kspace.re,
      kspaceIm: kspace.im,
      receiveChannels,
      ...(coilKSpaces ? { coilKSpaces } : {}),
    };
    return { kind: 'slice', output };
  }
  if (snapshot.engine !== 'censol') throw new RangeError(`a spin-chunk part needs the censol engine`);
  const tissues = tissuesByLabel(model, {
    tissueAt: snapshotTissueAt(snapshot),
    noiseLevel: 0,
    seed: 0,
  });
  const fieldMap = needsFieldMap(snapshot)
    ? (context.fieldMap ?? snapshotFieldMap(snapshot, model))
    : undefined;
  // The context's field map only where the snapshot's susceptibility is on.
  const { fieldMap: _given, ...rest } = context;
  const signal = simulateSpinChunk(snapshot, model, tissues, part, {
    ...rest,
    ...(fieldMap ? { fieldMap } : {}),
  });
  return { kind: 'spins', slice: part.slice, signal };
}

/** Sums per slice the signals of its spin chunks (the reduce step over spins). */
function sumChunks(outputs: readonly PartOutput[]): Map<number, BlochSignal[]> {
  const bySlice = new Map<number, BlochSignal[]>();
  for (const o of outputs) {
    if (o.kind !== 'spins') continue;
    const list = bySlice.get(o.slice) ?? [];
    list.push(o.signal);
    bySlice.set(o.slice, list);
  }
  return bySlice;
}

/**
 * The scan from the outputs of all its parts, in any order: fast-engine slices sorted by index; Bloch chunk
 * signals summed per slice and reconstructed (`blochSliceImage`). Throws when a slice is missing or doubled.
 */
export function assembleScan(snapshot: ScanSnapshot, outputs: readonly PartOutput[]): SnapshotResult {
  const count = snapshot.protocol.sliceCount;
  const slices = new Array<SliceOutput | undefined>(count).fill(undefined);
  const place = (s: SliceOutput): void => {
    if (s.slice < 0 || s.slice >= count) throw new RangeError(`slice ${s.slice} outside 0…${count - 1}`);
    if (slices[s.slice]) throw new RangeError(`slice ${s.slice} given twice`);
    slices[s.slice] = s;
  };
  for (const o of outputs) if (o.kind === 'slice') place(o.output);
  const chunks = chunksPerSlice(snapshot);
  for (const [slice, signals] of sumChunks(outputs)) {
    if (signals.length !== chunks)
      throw new RangeError(`slice ${slice} has ${signals.length} of ${chunks} spin chunks`);
    place(blochSliceImage(snapshot, slice, signals));
  }
  const missing = slices.findIndex((s) => !s);
  if (missing >= 0) throw new RangeError(`slice ${missing} missing`);
  return { geometry: scanGeometry(snapshot.protocol), slices: slices as SliceOutput[] };
}

/** The whole scan on one thread: every part in order, then `assembleScan` (what workers give in parallel). */
export function simulateSnapshot(
  snapshot: ScanSnapshot,
  model: AnatomicalModel,
  context: PartContext = {},
): SnapshotResult {
  const shared: PartContext = { ...context };
  if (needsFieldMap(snapshot) && !shared.fieldMap) shared.fieldMap = snapshotFieldMap(snapshot, model);
  const outputs = scanParts(snapshot).map((part) => runScanPart(snapshot, model, part, shared));
  return assembleScan(snapshot, outputs);
}
