/** The messages between the page and the preview worker (structured clone; pixels are transferred). */
import type { Protocol, Scanner } from '@larmor/mri/sequence/protocol';
import type { NoiseLevel } from '@larmor/mri/simulate/noise';

export interface PreviewRequest {
  id: number;
  /** Anatomical model id of @larmor/mri's registry (the lab's anatomicalModelId). */
  modelId: number;
  protocol: Protocol;
  scanner: Scanner;
  noiseLevel: NoiseLevel;
}

export type PreviewResponse =
  | {
      id: number;
      ok: true;
      rows: number;
      columns: number;
      /** 8-bit grey, row by row; its buffer is transferred, not copied. */
      grey: Uint8ClampedArray;
      prepareMs: number;
      renderMs: number;
    }
  | { id: number; ok: false; message: string };
