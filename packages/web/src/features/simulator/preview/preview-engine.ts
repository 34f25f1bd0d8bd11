/**
 * The live preview's engine (DESIGN.md §3, fast engine): the centre slice of a protocol, rendered from per-tissue
 * k-spaces that are prepared once per slice geometry, so a change of TE, TR, TI, flip angle, fat saturation or
 * noise costs one weighted sum (and at most one inverse FFT). Pure: it runs in the preview worker and in tests.
 *
 * What the preview leaves out, for speed, and the run does not: the coil array (one uniform receive channel),
 * motion, the susceptibility field map, and the through-slab aliasing of 3D slabs (a 3D protocol's centre
 * partition is prepared as one thin slice).
 */
import type { AnatomicalModel } from '@larmor/mri/anatomy/types';
import type { Protocol, Scanner } from '@larmor/mri/sequence/protocol';
import { timingViolations } from '@larmor/mri/sequence/validate';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame } from '@larmor/mri/simulate/geometry';
import { prepareSlice, type PreparedSlice } from '@larmor/mri/simulate/fast/prepare';
import {
  createContrastWorkspace,
  renderContrast,
  type ContrastWorkspace,
} from '@larmor/mri/simulate/fast/render';
import { seededRandom, unitComplexNoise, type NoiseLevel, type UnitNoise } from '@larmor/mri/simulate/noise';
import { tissueAtField } from '@larmor/mri/tissue/library';
import type { TissueAtField } from '@larmor/mri/tissue/types';

/** Seed of the preview's noise: fixed, so the grain stays put while a slider moves. */
export const PREVIEW_NOISE_SEED = 1;
/** Magnitudes at this quantile map to white (a few bright pixels do not darken the rest). */
export const PREVIEW_WHITE_QUANTILE = 0.995;

export interface PreviewFrame {
  rows: number;
  columns: number;
  /** Distance between rows and between columns [m] (FOV / matrix per axis): the display's pixel shape. */
  rowSpacing: number;
  columnSpacing: number;
  /** 8-bit grey, row by row (display orientation). */
  grey: Uint8ClampedArray;
  /** Magnitude, row by row. */
  magnitude: Float32Array;
  /** Time spent preparing the slice geometry (0 when it was cached) and rendering the contrast [ms]. */
  prepareMs: number;
  renderMs: number;
}

export type PreviewResult = { ok: true; frame: PreviewFrame } | { ok: false; message: string };

/** What decides a slice's per-tissue k-spaces: everything but contrast (TE, TR, TI, flip, fat sat, noise). */
function geometryKey(frame: AcquisitionFrame): string {
  return JSON.stringify([
    frame.plane,
    frame.readDirection,
    frame.phaseDirection,
    frame.readCount,
    frame.phaseCount,
    frame.fovRead,
    frame.fovPhase,
  ]);
}

/** The grey value map of an image: white at the PREVIEW_WHITE_QUANTILE of its magnitudes. */
export function toGrey(magnitude: Float32Array): Uint8ClampedArray {
  const sorted = Float32Array.from(magnitude).sort();
  const index = Math.min(sorted.length - 1, Math.floor(PREVIEW_WHITE_QUANTILE * sorted.length));
  const white = sorted[index] ?? 0;
  const scale = white > 0 ? 255 / white : 0;
  const grey = new Uint8ClampedArray(magnitude.length);
  for (let i = 0; i < magnitude.length; i++) grey[i] = (magnitude[i] as number) * scale;
  return grey;
}

export interface PreviewEngine {
  render(protocol: Protocol, scanner: Scanner, noiseLevel: NoiseLevel): PreviewResult;
}

/** A preview engine for one anatomical model; `now` is the clock it reports timings with [ms]. */
export function createPreviewEngine(anatomy: AnatomicalModel, now: () => number = () => 0): PreviewEngine {
  let prepared: { key: string; slice: PreparedSlice; workspace: ContrastWorkspace } | undefined;
  let noise: { count: number; unit: UnitNoise } | undefined;
  let tissues: { b0: number; byLabel: (TissueAtField | undefined)[] } | undefined;

  return {
    render(protocol, scanner, noiseLevel) {
      const violations = timingViolations(protocol, scanner);
      if (violations.length > 0) return { ok: false, message: violations.map((v) => v.message).join('; ') };
      const start = now();
      const planes = scanGeometry(protocol).slices;
      const plane = planes[Math.floor(planes.length / 2)];
      if (!plane) return { ok: false, message: 'The protocol has no slice.' };
      const frame = acquisitionFrame(protocol, plane);
      const key = geometryKey(frame);
      if (prepared?.key !== key) {
        prepared = {
          key,
          slice: prepareSlice(anatomy.volume, frame),
          workspace: createContrastWorkspace(frame),
        };
      }
      const prepareMs = now() - start;
      if (tissues?.b0 !== scanner.b0) {
        tissues = {
          b0: scanner.b0,
          byLabel: anatomy.tissues.map((k, label) =>
            label === 0 ? undefined : tissueAtField(k, scanner.b0),
          ),
        };
      }
      const samples = frame.readCount * frame.phaseCount;
      if (noiseLevel > 0 && noise?.count !== samples) {
        noise = { count: samples, unit: unitComplexNoise(samples, seededRandom(PREVIEW_NOISE_SEED)) };
      }
      const image = renderContrast(prepared.slice, protocol, scanner, {
        tissues: tissues.byLabel,
        noiseLevel,
        ...(noiseLevel > 0 && noise ? { noise: [noise.unit] } : {}),
        workspace: prepared.workspace,
      });
      const grey = toGrey(image.magnitude);
      return {
        ok: true,
        frame: {
          rows: image.rows,
          columns: image.columns,
          rowSpacing: frame.plane.rowSpacing,
          columnSpacing: frame.plane.columnSpacing,
          grey,
          magnitude: image.magnitude,
          prepareMs,
          renderMs: now() - start - prepareMs,
        },
      };
    },
  };
}
