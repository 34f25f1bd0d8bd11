/** Messages between the k-space view and its reconstruction worker (recon.worker.ts). */
import type { KSpaceFrame } from '../state/kspace.ts';

export type ReconRequest =
  /** The slice's centred k-space, sent once (copies: the page keeps its own for display). */
  | { type: 'load'; re: Float64Array; im: Float64Array; frame: KSpaceFrame }
  /** The magnitude image of the loaded k-space with `mask` applied (null: the whole k-space). */
  | { type: 'image'; id: number; mask: Uint8Array | null };

export interface ReconResponse {
  id: number;
  /** The magnitude image, rows × columns of the frame (its buffer transferred). */
  image: Float32Array;
}
