/** The preview worker's API (comlink, lib/worker-client.ts): structured clone; the answer's pixels are transferred. */
import type { Protocol, Scanner } from '@larmor/mri';
import type { NoiseLevel } from '@larmor/mri/simulate';
import type { PreviewBackend } from '@larmor/mri/preview';
import type { PreviewModelSettings } from './preview-model.ts';

export interface PreviewRequest {
  /** The request's number, echoed by its answer (the canvas shows which frame it painted). */
  id: number;
  /** The module's anatomical model id (the lab's anatomicalModelId, one of @larmor/mri's catalogue). */
  modelId: number;
  /** The session's patient settings that change the model's labels. */
  settings: PreviewModelSettings;
  protocol: Protocol;
  scanner: Scanner;
  noiseLevel: NoiseLevel;
  /**
   * Show the model's susceptibility field map: what the session's scans show (session-view.ts
   * `showsSusceptibility`: the Bloch backend with the setting on; never on the CPU simulator, spec §6).
   */
  susceptibility: boolean;
}

export type PreviewResponse =
  | {
      id: number;
      ok: true;
      rows: number;
      columns: number;
      /** Distance between rows and between columns [m]: pixels are shown at this shape (issue 20.8). */
      rowSpacing: number;
      columnSpacing: number;
      /** 8-bit grey, row by row; its buffer is transferred, not copied. */
      grey: Uint8ClampedArray;
      /** Where the slice's FFTs ran ('wasm' in every browser with WebAssembly). */
      backend: PreviewBackend;
      prepareMs: number;
      renderMs: number;
    }
  | { id: number; ok: false; message: string };

/** What preview.worker.ts exposes. */
export interface PreviewWorkerApi {
  /** The centre slice of `request`'s protocol as grey pixels, or why it cannot be shown. */
  render(request: PreviewRequest): Promise<PreviewResponse>;
}
