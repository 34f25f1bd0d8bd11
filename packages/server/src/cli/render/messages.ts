/** Messages between the render command and its slice workers (structured-clone friendly). */
import type { NoiseLevel, Protocol, Scanner } from '@larmor/mri';

export interface SliceJob {
  modelId: number;
  protocol: Protocol;
  scanner: Scanner;
  noiseLevel: NoiseLevel;
  seed: number;
  receive: 'array' | 'single';
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
