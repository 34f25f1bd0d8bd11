/** Messages between the render command and its slice workers (structured-clone friendly). */
import type { AnatomicalModel, NoiseLevel, Protocol, Scanner } from '@larmor/mri';
import type { FieldMap3d } from '@larmor/mri/simulate/fieldMap';

/** A scan as the render command asks for it. */
export interface ScanJob {
  modelId: number;
  protocol: Protocol;
  scanner: Scanner;
  noiseLevel: NoiseLevel;
  seed: number;
  receive: 'array' | 'single';
  /** Simulate the model's susceptibility field map (gradient echoes: phase and T2* dephasing). */
  susceptibility?: boolean;
}

/**
 * What one worker receives: the scan with its model (label volume in a SharedArrayBuffer, so every worker reads
 * the one copy the pool built) and, with susceptibility, the field map (shared the same way), and its slices.
 */
export interface SliceJob extends Omit<ScanJob, 'modelId' | 'susceptibility'> {
  model: AnatomicalModel;
  fieldMap?: FieldMap3d;
  slices: number[];
}

export type SliceReply =
  | {
      slice: number;
      rows: number;
      columns: number;
      magnitude: Float32Array;
      kspaceRe: Float32Array;
      kspaceIm: Float32Array;
    }
  | { error: string };
