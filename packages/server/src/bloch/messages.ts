import type { BlochScan, BlochSignal } from '@larmor/mri/simulate/bloch/scan';

/** A chunk for a worker to simulate. */
export interface WorkerRequest {
  id: number;
  scan: BlochScan;
}

/** A worker's answer: the chunk's signal, or the error it met. */
export type WorkerReply =
  { id: number; signal: BlochSignal; error?: undefined } | { id: number; error: string };
