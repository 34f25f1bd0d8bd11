/** The k-space view's reconstruction worker's API (recon.worker.ts, through comlink: lib/worker-client.ts). */
import type { KSpaceFrame } from '../state/kspace.ts';

/** The slice's centred k-space, sent once to each worker (copies, transferred: the page keeps its own for display). */
export interface ReconLoad {
  re: Float64Array;
  im: Float64Array;
  frame: KSpaceFrame;
}

/** What recon.worker.ts exposes. */
export interface ReconWorkerApi {
  load(kspace: ReconLoad): void;
  /**
   * The magnitude image (rows × columns of the frame, its buffer transferred) of the loaded k-space with `mask`
   * applied (null: the whole k-space); throws before a load.
   */
  image(mask: Uint8Array | null): Float32Array;
}
