/**
 * GET …/reconstructed-images/{id}/kspace/{index}?coil=c: one receive channel's k-space of a finished slice
 * (issue 13, "per coil where there are several"). A scan stores only the first channel's k-space: every
 * channel's would be 16 × the bytes with the head coil (a 20-slice 256² series: 170 MB instead of 10 MB).
 * Channel c is computed when asked instead: the slice's part runs again from the scan's immutable snapshot with
 * its seed (the fast engine is deterministic: channel 0 equals the stored k-space, bit for bit) and gives every
 * channel at once; the last few slices are kept, so stepping through the coils of one slice costs one run.
 */
import type { PartOutput, ScanSnapshot } from '@larmor/mri/simulate';
import type { Db } from '../../db/database.ts';
import { invalidField, notFound } from '../../plugins/errors.ts';
import type { SimulatorRuntime } from '../../plugins/simulator.ts';
import { kspaceKey } from './runner.ts';
import { loadFinishedScan } from './service.ts';

/** Slices kept with all their channels' k-spaces (16 × 256² × 8 bytes = 8 MB each at most). */
const SLICES_KEPT = 4;
/** How long a run again may take before the call gives up [ms]. */
const RECOMPUTE_TIMEOUT_MS = 60_000;

/** Interleaved (real, imaginary) little-endian Float32 of each channel, by "scanId/slice". */
const kept = new Map<string, Promise<Uint8Array[]>>();

function interleaved(k: { re: Float32Array; im: Float32Array }): Uint8Array {
  const out = new Float32Array(k.re.length * 2);
  for (let i = 0; i < k.re.length; i++) {
    out[2 * i] = k.re[i] as number;
    out[2 * i + 1] = k.im[i] as number;
  }
  return new Uint8Array(out.buffer);
}

async function channelsOf(
  runtime: SimulatorRuntime,
  scanId: string,
  snapshot: ScanSnapshot,
  slice: number,
): Promise<Uint8Array[]> {
  const queue = await runtime.queue();
  const output: PartOutput = await queue.recomputePart(
    { snapshot, part: { kind: 'slice', slice, coilKSpaces: true } },
    AbortSignal.timeout(RECOMPUTE_TIMEOUT_MS),
  );
  if (output.kind !== 'slice' || !output.output.coilKSpaces) {
    throw new Error(`scan ${scanId} slice ${slice} gave no per-coil k-space`);
  }
  return output.output.coilKSpaces.map(interleaved);
}

/** Channel `coil`'s k-space of slice `index`: 400 when the scan has no such channel, 404 beyond the series. */
export async function coilKSpaceBytes(
  db: Db,
  runtime: SimulatorRuntime,
  sessionId: string,
  scanId: string,
  index: number,
  coil: number,
): Promise<Uint8Array> {
  const { scan, result } = await loadFinishedScan(db, sessionId, scanId);
  if (index >= result.slices.length) throw notFound('Slice');
  const channels = result.receiveChannels ?? 1;
  if (coil >= channels) {
    throw invalidField(
      'coil',
      'max',
      channels === 1
        ? 'This scan was received on a single channel: only coil 0 has a k-space'
        : `This scan was received on ${channels} channels: coil must be 0 to ${channels - 1}`,
    );
  }
  if (channels === 1) return runtime.blobs.get(kspaceKey(scanId, index));
  const key = `${scanId}/${index}`;
  let entry = kept.get(key);
  if (!entry) {
    entry = channelsOf(runtime, scanId, JSON.parse(scan.snapshot) as ScanSnapshot, index);
    kept.set(key, entry);
    // A failed run is not kept: the next call tries again.
    entry.catch(() => kept.delete(key));
    if (kept.size > SLICES_KEPT) kept.delete(kept.keys().next().value as string);
  } else {
    // Most recently used last.
    kept.delete(key);
    kept.set(key, entry);
  }
  const all = await entry;
  return all[coil] as Uint8Array;
}
