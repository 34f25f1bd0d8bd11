/**
 * One slice's k-space as the k-space view uses it (issue 13): the API's interleaved Float32 (re, im) pairs of the
 * acquired lines ([phase][read], of one receive channel; reconstructedImagesSchema) padded to the full centred
 * k-space, the k-space coordinates of a sample, the centre-only and edge-only masks, the lines acquired after n
 * steps of the acquisition, and the magnitude image a (masked) k-space gives.
 *
 * Layout and units (docs/conventions.md, "FFT and shift"): rows are phase-encoding lines, columns read samples;
 * sample (r, c) of the centred array stands for ky = (r − rows/2)·Δky, kx = (c − columns/2)·Δkx with
 * Δk = 1/FOV [1/m] (Nyquist: the k-space step is the inverse of the field of view it covers).
 */
import type { ReconstructedImages } from '@larmor/contracts/sessions';
import { kspaceToImage2d, magnitude, type ComplexArray } from '@larmor/mri/recon';
import type { AcquiredLine } from '@larmor/mri/sequence';
import type { Protocol } from '@larmor/mri';
import { acquisitionFrame, scanGeometry } from '@larmor/mri/simulate';

/** The geometry of a series' k-space. */
export interface KSpaceFrame {
  /** Phase-encoding lines of the full k-space (phase oversampling included). */
  rows: number;
  /** Read samples per line. */
  columns: number;
  /** Lines the API stores: all of them, or fewer with partial Fourier (the first `acquiredRows`). */
  acquiredRows: number;
  /** Field of view along read and phase (oversampling included) [m]. */
  fovRead: number;
  fovPhase: number;
}

/**
 * Displayed width over height of an image reconstructed from the frame's k-space: its field of view, read across
 * and phase down (issue 20.8: pixels at their physical size; 512 × 256 samples on 240 × 240 mm are square).
 */
export function imageAspect(frame: Pick<KSpaceFrame, 'fovRead' | 'fovPhase'>): number {
  return frame.fovRead > 0 && frame.fovPhase > 0 ? frame.fovRead / frame.fovPhase : 1;
}

/** The frame of a finished series; throws when the stored k-space does not fit its protocol. */
export function kspaceFrameOf(meta: ReconstructedImages): KSpaceFrame {
  const protocol: Protocol = meta.parameters;
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('The series has no slices');
  const frame = acquisitionFrame(protocol, plane);
  if (meta.kspaceColumns !== frame.readCount || meta.kspaceRows > frame.phaseCount || meta.kspaceRows < 1) {
    throw new Error(
      `The stored k-space (${meta.kspaceRows} × ${meta.kspaceColumns}) does not fit the protocol's ` +
        `${frame.phaseCount} × ${frame.readCount}`,
    );
  }
  return {
    rows: frame.phaseCount,
    columns: frame.readCount,
    acquiredRows: meta.kspaceRows,
    fovRead: frame.fovRead,
    fovPhase: frame.fovPhase,
  };
}

/** The full centred k-space from the API's interleaved (re, im) Float32 of the acquired lines; the rest zero. */
export function complexKSpace(interleaved: Float32Array, frame: KSpaceFrame): ComplexArray {
  const stored = frame.acquiredRows * frame.columns;
  if (interleaved.length !== 2 * stored) {
    throw new Error(`A k-space slice has ${interleaved.length / 2} samples, not ${stored}`);
  }
  const size = frame.rows * frame.columns;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  for (let i = 0; i < stored; i++) {
    re[i] = interleaved[2 * i] as number;
    im[i] = interleaved[2 * i + 1] as number;
  }
  return { re, im };
}

/** Spatial frequency of sample (row, column) [1/m]. */
export function kAt(frame: KSpaceFrame, row: number, column: number): { kx: number; ky: number } {
  return {
    kx: (column - frame.columns / 2) / frame.fovRead,
    ky: (row - frame.rows / 2) / frame.fovPhase,
  };
}

/** Largest |kx| of the frame [1/m]: half the read samples times Δkx. */
export const kMaxRead = (frame: KSpaceFrame): number => frame.columns / 2 / frame.fovRead;

export type MaskKind = 'centre' | 'edge';

/**
 * 1 where a sample is kept: |k| ≤ radius [1/m] for the centre (low spatial frequencies: contrast), |k| > radius
 * for the edge (high frequencies: edges and detail).
 */
export function radialMask(frame: KSpaceFrame, kind: MaskKind, radius: number): Uint8Array {
  const mask = new Uint8Array(frame.rows * frame.columns);
  const r2 = radius * radius;
  for (let row = 0; row < frame.rows; row++) {
    for (let column = 0; column < frame.columns; column++) {
      const { kx, ky } = kAt(frame, row, column);
      const inside = kx * kx + ky * ky <= r2;
      mask[row * frame.columns + column] = inside === (kind === 'centre') ? 1 : 0;
    }
  }
  return mask;
}

/** 1 on every sample of the lines read in the first `steps` steps of `order`. */
export function acquiredMask(frame: KSpaceFrame, order: readonly AcquiredLine[], steps: number): Uint8Array {
  const mask = new Uint8Array(frame.rows * frame.columns);
  const done = Math.max(0, Math.min(steps, order.length));
  for (let i = 0; i < done; i++) {
    const line = (order[i] as AcquiredLine).line;
    mask.fill(1, line * frame.columns, (line + 1) * frame.columns);
  }
  return mask;
}

/** The k-space with the samples where `mask` is 0 set to zero (a copy). */
export function masked(kspace: ComplexArray, mask: Uint8Array): ComplexArray {
  const re = kspace.re.slice();
  const im = kspace.im.slice();
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] === 0) {
      re[i] = 0;
      im[i] = 0;
    }
  }
  return { re, im };
}

/**
 * The magnitude image of a centred k-space (inverse FFT, @larmor/mri recon). The page runs it in a worker
 * (recon/recon.worker.ts): a 256² slice takes ≈ 3 ms, a 384² one ≈ 40 ms (JavaScript FFT, 2-core CI machine), and
 * matrices up to 512 × 1024 more than the 50 ms a page may block.
 */
export function imageOf(kspace: ComplexArray, frame: KSpaceFrame): Float32Array {
  return magnitude(kspaceToImage2d(kspace, frame.rows, frame.columns));
}

/** A k-space sample: row (phase line) and column (read sample). */
export interface KPoint {
  row: number;
  column: number;
}

const ARROW_STEPS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The point an arrow key moves to (`fast`: 8 samples a press), kept inside the frame; null for other keys. */
export function movePoint(point: KPoint, key: string, frame: KSpaceFrame, fast = false): KPoint | null {
  const step = ARROW_STEPS[key];
  if (!step) return null;
  const by = fast ? 8 : 1;
  return {
    row: Math.max(0, Math.min(frame.rows - 1, point.row + step[0] * by)),
    column: Math.max(0, Math.min(frame.columns - 1, point.column + step[1] * by)),
  };
}
