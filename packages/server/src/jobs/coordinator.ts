/**
 * The coordinator of a scan, shared by both back ends: splits the snapshot into its parts (@larmor/mri
 * `scanParts`), runs them all through the back end's PartRunner (each up to `attempts` times), reports progress as
 * parts finish, and assembles the images (`assembleScan`: slices in order, Bloch spin chunks summed per slice).
 * The first part that fails for good, or a cancel, aborts the others.
 */
import {
  assembleScan,
  scanParts,
  type PartOutput,
  type ScanPart,
  type ScanSnapshot,
  type SnapshotResult,
} from '@larmor/mri/simulate';
import {
  ScanCancelledError,
  type PartRunner,
  type PartTask,
  type ScanJob,
  type ScanProgress,
} from './types.ts';

const describePart = (part: ScanPart): string =>
  part.kind === 'slice'
    ? `slice ${part.slice}`
    : `slice ${part.slice} spin chunk ${part.chunk + 1} of ${part.chunks}`;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Joins the outputs of all parts into the scan (the back end may run it off the caller's event loop). */
export type Assembler = (snapshot: ScanSnapshot, outputs: PartOutput[]) => Promise<SnapshotResult>;

const assembleHere: Assembler = async (snapshot, outputs) => assembleScan(snapshot, outputs);

/** Starts a scan on `run`; the returned job's result settles when every part has finished, failed or stopped. */
export function startScan(
  id: string,
  snapshot: ScanSnapshot,
  run: PartRunner,
  attempts = 2,
  assemble: Assembler = assembleHere,
): ScanJob {
  return startScanOf(id, snapshot, run, attempts, assemble);
}

/**
 * `startScan` for any kind of part answer `O` and scan `R`: a stored scan's parts answer what they stored
 * (jobs/stored.ts) and `assemble` joins those.
 */
export function startScanOf<O, R>(
  id: string,
  snapshot: ScanSnapshot,
  run: (task: PartTask, signal: AbortSignal) => Promise<O>,
  attempts: number | undefined,
  assemble: (snapshot: ScanSnapshot, outputs: O[]) => Promise<R>,
): ScanJob<R> {
  const controller = new AbortController();
  const listeners = new Set<(progress: ScanProgress) => void>();
  const parts = scanParts(snapshot);
  const progress: ScanProgress = { done: 0, total: parts.length };
  let cancelled = false;

  const stopped = (): Error | undefined =>
    controller.signal.aborted
      ? cancelled
        ? new ScanCancelledError(id)
        : new Error(`scan ${id} stopped: another part failed`)
      : undefined;

  const tries = Math.max(1, attempts ?? 2);
  async function runPart(part: ScanPart): Promise<O> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= tries; attempt++) {
      const stop = stopped();
      if (stop) throw stop;
      try {
        const output = await run({ snapshot, part }, controller.signal);
        progress.done++;
        for (const l of listeners) {
          try {
            l({ ...progress });
          } catch {
            // A listener's error is the listener's: it neither fails nor repeats the part.
          }
        }
        return output;
      } catch (error) {
        lastError = error;
      }
    }
    throw (
      stopped() ??
      new Error(`scan ${id}: ${describePart(part)} failed after ${tries} tries: ${messageOf(lastError)}`, {
        cause: lastError,
      })
    );
  }

  const result = (async () => {
    let first: Error | undefined;
    const outputs = await Promise.all(
      parts.map((part) =>
        runPart(part).then(
          (output) => ({ output }),
          (error: unknown) => {
            first ??= error instanceof Error ? error : new Error(String(error));
            controller.abort(first);
            return undefined;
          },
        ),
      ),
    );
    if (cancelled) throw new ScanCancelledError(id);
    if (first) throw first;
    return assemble(
      snapshot,
      outputs.flatMap((o) => (o ? [o.output] : [])),
    );
  })();
  // The caller may never read the result (e.g. after cancelling); a rejection is then not an unhandled one.
  result.catch(() => undefined);

  return {
    id,
    result,
    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cancel() {
      if (controller.signal.aborted) return;
      cancelled = true;
      controller.abort(new ScanCancelledError(id));
    },
  };
}
