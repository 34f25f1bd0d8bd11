/**
 * The live preview's engine (DESIGN.md §3, fast engine): the centre slice of a protocol, rendered from per-tissue
 * k-spaces prepared once per slice geometry, so that a change of TE, TR, TI, flip angle, fat saturation or noise
 * costs one weighted sum and no FFT (../fast/imageDomain.ts). A new geometry's first render (a slice being moved)
 * prepares only its one contrast where it can (../fast/contrastSlice.ts: one fine image per readout shift and
 * phase, one FFT each way instead of one per two tissues); the tissues' k-spaces follow at the next render of that
 * geometry. Pure: the web app's preview worker runs it, and so do its tests and the bench (`web.preview.*`).
 *
 * It renders what the scan gives (issue 26.3): the scanner's receive coil (every element of an array, through its
 * sensitivity maps on this frame, ../coilMaps.ts, as the per-pixel sums a scan slice uses, ../fast/coilSums.ts),
 * prescan normalisation on (the scan's default), tissues at the scanner's field B0, and one unit noise per channel
 * (for full Fourier drawn as the sums' law, ./coilSums.ts). Without noise its image is the scan's centre slice (../simulate.ts `simulateSlice` with receive 'array'). With
 * `susceptibility` (the session shows it: the Bloch backend with the setting on, as the scan's snapshot has it) it
 * renders the model's field map as the fast engine does (../fieldMap.ts, ../epiDistortion.ts), computed once per
 * B0 (a 3D FFT, about a second for the brain) and sampled once per geometry, its per-pixel factor kept per TE
 * (../fieldMap.ts `createFieldMapCache`: a TR, TI or flip change reuses it). What it leaves out, for speed, as
 * the scan does not: motion, partial-Fourier reconstruction, and the through-slab aliasing of 3D slabs (a 3D
 * protocol's centre partition is prepared as one thin slice).
 */
import type { AnatomicalModel, Coil } from '../../anatomy/types.ts';
import { wasmFftAvailable } from '../../recon/wasmFft.ts';
import type { Protocol, Scanner } from '../../sequence/protocol.ts';
import { timingViolations } from '../../sequence/validate.ts';
import { tissueAtField } from '../../tissue/library.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import { prepareSlice, type PreparedSlice } from '../fast/prepare.ts';
import { createContrastWorkspace, renderContrast, type ContrastWorkspace } from '../fast/render.ts';
import { prepareContrastSlice, renderContrastSlice, type ContrastSlice } from '../fast/contrastSlice.ts';
import type { ContrastOptions } from '../fast/types.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame } from '../geometry.ts';
import { seededRandom, unitComplexNoise, type NoiseLevel, type UnitNoise } from '../noise.ts';
import { frameCoilMapSource, type CoilMapSource } from '../coilMaps.ts';
import { partialFourierLines } from '../../recon/partialFourier.ts';
import {
  createFieldMapCache,
  sliceFieldMap,
  susceptibilityFieldMap,
  FIELD_MAP_STEP,
  type FieldMap3d,
  type FieldMapCache,
} from '../fieldMap.ts';
import { fineFieldLabels } from '../fieldMapDetail.ts';
import { createCoilSumsBuffers, type CoilSums, type CoilSumsBuffers } from '../fast/coilSums.ts';
import { previewCoilSums, previewGrain, type PreviewGrain } from './coilSums.ts';
import { PREVIEW_WHITE_QUANTILE, greyOf, quantileOf } from './grey.ts';

/** Seed of the preview's noise: fixed, so the grain stays put while a slider moves. */
export const PREVIEW_NOISE_SEED = 1;

/** Where the slice's FFTs ran: WebAssembly SIMD (../../recon/wasmFft.ts) or the JavaScript fallback. */
export type PreviewBackend = 'wasm' | 'javascript';

export interface PreviewFrame {
  rows: number;
  columns: number;
  /** Distance between rows and between columns [m] (FOV / matrix per axis): the display's pixel shape. */
  rowSpacing: number;
  columnSpacing: number;
  /** 8-bit grey, row by row (display orientation): white at PREVIEW_WHITE_QUANTILE of the magnitudes. */
  grey: Uint8ClampedArray;
  /** Magnitude, row by row (the scan's image scale: prescan-normalised sum of squares). */
  magnitude: Float32Array;
  /** Receive channels that formed the image (1 for a single channel). */
  receiveChannels: number;
  backend: PreviewBackend;
  /** Time spent preparing the slice geometry (0 when it was cached) and rendering the contrast [ms]. */
  prepareMs: number;
  renderMs: number;
}

export type PreviewResult = { ok: true; frame: PreviewFrame } | { ok: false; message: string };

/** What a render shows besides the protocol, scanner and noise. */
export interface PreviewRenderOptions {
  /** Render the model's susceptibility field map (default false; the CPU simulator never shows it, spec §6). */
  susceptibility?: boolean;
}

export interface PreviewEngine {
  render(
    protocol: Protocol,
    scanner: Scanner,
    noiseLevel: NoiseLevel,
    options?: PreviewRenderOptions,
  ): PreviewResult;
  /**
   * Prepares every tissue's k-space of the last geometry rendered where its first render prepared only its
   * contrast (a slice moved), so that the next contrast change there costs no preparation; true if there was
   * such work. For a worker to call while no request waits (it costs what a slice move did before).
   */
  prepareTissues(): boolean;
}

export interface PreviewEngineOptions {
  /** The clock timings are reported with [ms] (none: 0). */
  now?: () => number;
  /** Prepare slices with the WebAssembly FFT where available (default true); false: always JavaScript. */
  wasmFft?: boolean;
}

/** What decides a slice's per-tissue k-spaces and coil maps: everything but contrast and noise. */
function geometryKey(frame: AcquisitionFrame, coil: Coil | undefined): string {
  return JSON.stringify([
    frame.plane,
    frame.readDirection,
    frame.phaseDirection,
    frame.readCount,
    frame.phaseCount,
    frame.fovRead,
    frame.fovPhase,
    coil?.uniqueName ?? null,
  ]);
}

/**
 * A coil array on a prepared geometry: its per-pixel sums with the preview's fixed noise (what a full-Fourier
 * render needs, ./coilSums.ts: Σ s² from the coarse maps and the array's noise in distribution, no element's fine
 * map formed), and every element's map only once a partial-Fourier protocol asks for them.
 */
interface PreparedCoil {
  source: CoilMapSource;
  sums: CoilSums;
  maps: Float32Array[] | undefined;
}

/**
 * A slice geometry: its first render's contrast alone (../fast/contrastSlice.ts: one FFT each way, what a slice
 * being moved needs) where that contrast allows, and every tissue's k-space once another render of the same
 * geometry needs them (a TE, TR, flip-angle… change).
 */
interface PreparedGeometry {
  key: string;
  frame: AcquisitionFrame;
  slice: PreparedSlice | undefined;
  contrast: ContrastSlice | undefined;
  workspace: ContrastWorkspace;
  coil: PreparedCoil | undefined;
}

/**
 * A workspace for `frame`: the last one's sums, line buffers and FFT plans when the matrix is the same (a slice
 * moved), with its tissue-image cache (keyed by the prepared slice: the old images are filled again for the new
 * one) and fresh coil caches.
 */
function workspaceFor(frame: AcquisitionFrame, last: ContrastWorkspace | undefined): ContrastWorkspace {
  if (last?.frame.readCount !== frame.readCount || last.frame.phaseCount !== frame.phaseCount) {
    return createContrastWorkspace(frame);
  }
  return {
    ...last,
    frame,
    // The same cache: it drops the last slice's images for the new one and fills them again (imageDomain.ts).
    tissueImages: last.tissueImages,
    coils: { stats: undefined, gain: undefined },
  };
}

/** A preview engine for one anatomical model. */
export function createPreviewEngine(
  anatomy: AnatomicalModel,
  options: PreviewEngineOptions = {},
): PreviewEngine {
  const now = options.now ?? (() => 0);
  const useWasm = options.wasmFft !== false;
  /** The white level of the last frame [magnitude units] (NaN before the first). */
  let white = NaN;
  const backend: PreviewBackend = useWasm && wasmFftAvailable() ? 'wasm' : 'javascript';
  let prepared: PreparedGeometry | undefined;
  let noise: { samples: number; channels: number; units: UnitNoise[] } | undefined;
  let grain: { units: UnitNoise[]; grain: PreviewGrain } | undefined;
  let tissues: { b0: number; byLabel: (TissueAtField | undefined)[] } | undefined;
  /** The coil sums' buffers, reused from geometry to geometry (a slice moved allocates none of them). */
  let sumsBuffers: CoilSumsBuffers | undefined;
  /** The prescan gain's buffer and that of σ/Σ s² (output.ts combineScale), reused the same way. */
  let gainBuffer: Float32Array | undefined;
  let scaleBuffer: Float64Array | undefined;
  /** K-space arrays of geometries no longer rendered, filled again by the next preparation. */
  const spare: Float32Array[] = [];
  /**
   * The model's field map at the last B0 asked for, and its samples on the last geometry with what of them does
   * not depend on the contrast (../fieldMap.ts `createFieldMapCache`: the factor of the last TE kept with them).
   */
  let field: { b0: number; map: FieldMap3d } | undefined;
  let fieldOnSlice: { key: string; map: FieldMap3d; cache: FieldMapCache } | undefined;
  const sliceFieldFor = (b0: number, key: string, frame: AcquisitionFrame): FieldMapCache => {
    if (field?.b0 !== b0) {
      // As the scan's `modelFieldMap` (../simulate.ts): the library's susceptibilities, label 0 air.
      const chi = anatomy.tissues.map((k, label) =>
        label === 0 ? undefined : tissueAtField(k, b0).susceptibilityPpm,
      );
      const fine = fineFieldLabels(anatomy.tissues);
      field = { b0, map: susceptibilityFieldMap(anatomy.volume, chi, b0, FIELD_MAP_STEP, fine) };
    }
    if (fieldOnSlice?.key !== key || fieldOnSlice.map !== field.map)
      fieldOnSlice = {
        key,
        map: field.map,
        cache: createFieldMapCache(sliceFieldMap(field.map, frame), frame),
      };
    return fieldOnSlice.cache;
  };

  const noiseFor = (samples: number, channels: number): UnitNoise[] => {
    if (noise?.samples !== samples || noise.channels !== channels) {
      const random = seededRandom(PREVIEW_NOISE_SEED);
      const units = Array.from({ length: channels }, () => unitComplexNoise(samples, random));
      noise = { samples, channels, units };
    }
    return noise.units;
  };
  /** The array's noise as the coil sums take it (./coilSums.ts), formed once per sample and channel count. */
  const grainFor = (samples: number, channels: number): PreviewGrain => {
    const units = noiseFor(samples, channels);
    if (grain?.units !== units) grain = { units, grain: previewGrain(units) };
    return grain.grain;
  };

  const coilFor = (coil: Coil | undefined, frame: AcquisitionFrame): PreparedCoil | undefined => {
    const source = frameCoilMapSource(coil, frame);
    if (!source) return undefined;
    const samples = frame.readCount * frame.phaseCount;
    if (sumsBuffers?.map.length !== samples) sumsBuffers = createCoilSumsBuffers(samples);
    const kept = frame.readCount * frame.phaseMatrix;
    if (gainBuffer?.length !== kept) gainBuffer = new Float32Array(kept);
    if (scaleBuffer?.length !== samples) scaleBuffer = new Float64Array(samples);
    const array = grainFor(samples, source.count);
    const sums = previewCoilSums(source, frame, array, sumsBuffers, gainBuffer, scaleBuffer);
    return { source, sums, maps: undefined };
  };

  /** Every element's map on the frame, filled once per geometry when a render needs them. */
  const mapsOf = (coil: PreparedCoil, samples: number): Float32Array[] =>
    (coil.maps ??= Array.from({ length: coil.source.count }, (_, c) =>
      coil.source.fill(c, new Float32Array(samples)),
    ));

  /** Every tissue's k-space of `geometry` (once): its first contrast's slice is no longer read after. */
  const tissuesOf = (geometry: PreparedGeometry): PreparedSlice => {
    if (geometry.slice) return geometry.slice;
    const first = geometry.contrast;
    geometry.contrast = undefined;
    if (first) spare.push(...first.prepared.kRe, ...first.prepared.kIm);
    geometry.slice = prepareSlice(anatomy.volume, geometry.frame, { wasmFft: useWasm, spare });
    return geometry.slice;
  };

  return {
    prepareTissues() {
      if (!prepared || prepared.slice) return false;
      tissuesOf(prepared);
      return true;
    },
    render(protocol, scanner, noiseLevel, renderOptions = {}) {
      const violations = timingViolations(protocol, scanner);
      if (violations.length > 0) return { ok: false, message: violations.map((v) => v.message).join('; ') };
      const start = now();
      const planes = scanGeometry(protocol).slices;
      const plane = planes[Math.floor(planes.length / 2)];
      if (!plane) return { ok: false, message: 'The protocol has no slice.' };
      const frame = acquisitionFrame(protocol, plane);
      const coil = anatomy.coils.find((c) => c.uniqueName === scanner.coil);
      const key = geometryKey(frame, coil);
      if (tissues?.b0 !== scanner.b0) {
        tissues = {
          b0: scanner.b0,
          byLabel: anatomy.tissues.map((k, label) =>
            label === 0 ? undefined : tissueAtField(k, scanner.b0),
          ),
        };
      }
      const prepareOptions = { wasmFft: useWasm, spare };
      let contrast: ContrastSlice | undefined;
      if (prepared?.key !== key) {
        // The last geometry's arrays are filled again for this one: it is dropped first, so a failure leaves none.
        const last = prepared;
        prepared = undefined;
        for (const old of [last?.slice, last?.contrast?.prepared])
          if (old) spare.push(...old.kRe, ...old.kIm);
        contrast = prepareContrastSlice(
          anatomy.volume,
          frame,
          protocol,
          scanner,
          tissues.byLabel,
          prepareOptions,
        );
        prepared = {
          key,
          frame,
          slice: contrast ? undefined : prepareSlice(anatomy.volume, frame, prepareOptions),
          contrast,
          workspace: workspaceFor(frame, last?.workspace),
          coil: coilFor(coil, frame),
        };
      }
      // Every tissue's k-space unless this render is the geometry's first and its contrast allowed less.
      const slice = contrast ? undefined : tissuesOf(prepared);
      const sliceField =
        renderOptions.susceptibility === true ? sliceFieldFor(scanner.b0, key, frame) : undefined;
      const prepareMs = now() - start;
      const { coil: array, workspace } = prepared;
      const channels = array?.source.count ?? 1;
      const samples = frame.readCount * frame.phaseCount;
      // Coil sums serve full Fourier (render.ts); partial Fourier reconstructs every element from its map.
      const fullFourier =
        protocol.partialFourier >= 1 ||
        partialFourierLines(frame.phaseCount, protocol.partialFourier) === frame.phaseCount;
      const receive = !array
        ? {}
        : fullFourier
          ? { coilSums: array.sums, prescanNormalize: true }
          : { coilMaps: mapsOf(array, samples), prescanNormalize: true };
      const options: ContrastOptions = {
        tissues: tissues.byLabel,
        noiseLevel,
        ...(noiseLevel > 0 && !receive.coilSums ? { noise: noiseFor(samples, channels) } : {}),
        ...receive,
        workspace,
        ...(sliceField ? { fieldMap: sliceField.field, fieldMapCache: sliceField } : {}),
        // A frame shows the magnitude alone: no complex image is written.
        magnitudeOnly: true,
      };
      const image = contrast
        ? renderContrastSlice(contrast, protocol, scanner, options)
        : renderContrast(slice ?? tissuesOf(prepared), protocol, scanner, options);
      // The last frame's white level as the quantile's hint: a contrast step moves it little (grey.ts).
      white = quantileOf(image.magnitude, PREVIEW_WHITE_QUANTILE, white);
      const grey = greyOf(image.magnitude, white);
      return {
        ok: true,
        frame: {
          rows: image.rows,
          columns: image.columns,
          rowSpacing: frame.plane.rowSpacing,
          columnSpacing: frame.plane.columnSpacing,
          grey,
          magnitude: image.magnitude,
          receiveChannels: channels,
          backend,
          prepareMs,
          renderMs: now() - start - prepareMs,
        },
      };
    },
  };
}
