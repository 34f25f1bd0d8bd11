/** Messages between the render command and its slice workers (structured-clone friendly). */
import type { NoiseLevel, Protocol, Scanner } from '@larmor/mri';

export interface SliceJob {
  modelId: number;
  protocol: Protocol;
  scanner: Scanner;
  noiseLevel: NoiseLevel;
  seed: number;
  receive: 'array' | 'single';
  /** Simulate the model's susceptibility field map (gradient echoes: phase and T2* dephasing). */
  susceptibility?: boolean;
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
