/**
 * The live preview's figures in Node (issue 26.1): the very engine the simulator's preview worker runs
 * (`@larmor/mri/simulate/preview/engine`, created by packages/web/src/features/simulator/preview/preview.worker.ts
 * and called once per request), on the brain with the 16-channel head array, noise level 1 and prescan
 * normalisation, as a session with the head coil previews:
 * - `preview.teChange.ms`: a new TE on the slice already prepared (a slider step): the weighted sum, the coil
 *   array's receive and the grey map, the worker's whole computation per frame;
 * - `preview.sliceMoved.ms`: the slice moved by 1 mm (new geometry): resampling, the contrast's k-spaces (one per
 *   readout shift, fast/contrastSlice.ts) on the WebAssembly FFT, coil maps, then the contrast and grey map;
 * - `preview.sliceMoved.javascript.ms`: the same with the JavaScript FFT (the fallback of a browser without
 *   WebAssembly);
 * - `preview.sliceMoved.firstTeChange.ms`: the first TE step after a move, when the worker has not called the
 *   engine's `prepareTissues` while idle: it prepares every tissue's k-space (what a slice move cost before).
 * - `preview.tse.teChange.ms` (issue 20 Speed): a TE step of the T2-weighted TSE's default protocol (15-echo
 *   train), the contrast the T2 module and the browser bench step: line-varying weights, so the k-space path
 *   (the weighted sum, the inverse FFT, the receive) where the SE above takes the image-domain one;
 * - `preview.tse.sliceMoved.ms` (issue 26): that TSE's slice moved by 1 mm, the browser bench's slice move
 *   (e2e/support/preview-bench.ts): its line-varying weights need every tissue's k-space on the move;
 * - `preview.gre.*` (issue 22.6): a spoiled GRE of the same slice (TE 10 ms, flip 30°), whose contrast the
 *   susceptibility field map changes: `teChange` and `trChange` (TE kept: TR, TI or flip change alike) without the
 *   field map, and `susceptibility.teChange`, `susceptibility.trChange` with it (the session shows it: the Bloch
 *   backend with the setting on), the field map's per-pixel factor then recomputed per TE and kept per TR.
 * Medians after warm-up renders; each render's grey buffer is a new one, as the worker transfers it.
 */
import { createPreviewEngine, type PreviewRenderOptions } from '@larmor/mri/preview';
import type { Protocol, Scanner } from '@larmor/mri';
import { defaultProtocol } from '@larmor/mri/sequence';
import type { AnatomicalModel } from '@larmor/mri/anatomy';
import { createModelStore } from '@larmor/server/anatomy/modelStore';
import { REFERENCE_SCANNER, referenceProtocol } from './reference-scan.ts';

const BRAIN_MODEL_ID = 1;
/** A session with the head coil at 1.5 T (the simulator's scanner settings). */
export const PREVIEW_SCANNER: Scanner = REFERENCE_SCANNER;
/** The simulator's default noise level (session-view.ts `noiseLevelOf`). */
const NOISE_LEVEL = 1;

/** The fast suite's reference scan (reference-scan.ts), one slice at height `z` [m]. */
export const previewProtocol = (z = 0.01): Protocol => referenceProtocol(1, z);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Median wall time and median CPU time of this thread's process of `render(i)` over `repeats` calls after `warmup` [ms]. */
function medianMs(
  render: (i: number) => void,
  repeats: number,
  warmup: number,
): { wall: number; cpu: number } {
  for (let i = 0; i < warmup; i++) render(i);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const startCpu = process.cpuUsage();
    const start = performance.now();
    render(warmup + i);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

function renderOrThrow(
  engine: ReturnType<typeof createPreviewEngine>,
  protocol: Protocol,
  scanner: Scanner = PREVIEW_SCANNER,
  options: PreviewRenderOptions = {},
): void {
  const result = engine.render(protocol, scanner, NOISE_LEVEL, options);
  if (!result.ok) throw new Error(result.message);
}

/** A slice moved: the slice 1 mm higher or lower at every render (never the geometry just prepared). */
function sliceMovedMs(model: AnatomicalModel, wasmFft: boolean): { wall: number; cpu: number } {
  const engine = createPreviewEngine(model, { wasmFft });
  return medianMs((i) => renderOrThrow(engine, previewProtocol(0.01 + (i % 2) * 0.001)), 20, 5);
}

/**
 * The T2-weighted TSE's default protocol with its slice moved by 1 mm at every render, as the browser bench steps
 * it (e2e/support/preview-bench.ts): line-varying weights, so every tissue's k-space is prepared on the move.
 */
function tseSliceMovedMs(model: AnatomicalModel): { wall: number; cpu: number } {
  const engine = createPreviewEngine(model);
  const base = defaultProtocol('TSE', PREVIEW_SCANNER);
  return medianMs(
    (i) =>
      renderOrThrow(engine, {
        ...base,
        geometry: { ...base.geometry, center: [0, 0, (i % 2) * 0.001] },
      }),
    20,
    5,
  );
}

/** The first TE change after each move (the move itself untimed): median wall and CPU [ms] over 12 moves. */
function firstTeChangeMs(model: AnatomicalModel): { wall: number; cpu: number } {
  const engine = createPreviewEngine(model);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 15; i++) {
    const z = 0.01 + (i % 2) * 0.001;
    renderOrThrow(engine, previewProtocol(z));
    const startCpu = process.cpuUsage();
    const start = performance.now();
    renderOrThrow(engine, { ...previewProtocol(z), echoTime: 0.02 });
    if (i < 3) continue;
    wall.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

/** The reference slice as a spoiled GRE (TE 10 ms, flip 30°): a contrast the field map changes. */
export const previewGreProtocol = (): Protocol => ({
  ...previewProtocol(),
  family: 'GRE',
  echoTime: 0.01,
  flipAngle: Math.PI / 6,
});

/** TE and TR changes of the GRE on its prepared slice, without and with the susceptibility field map [ms]. */
export function previewGreFigures(model = createModelStore().get(BRAIN_MODEL_ID)): Record<string, number> {
  const base = previewGreProtocol();
  const figures: Record<string, number> = {};
  for (const susceptibility of [false, true]) {
    const options = { susceptibility };
    const engine = createPreviewEngine(model);
    renderOrThrow(engine, base, PREVIEW_SCANNER, options);
    // A second render prepares every tissue (the first prepared its one contrast).
    renderOrThrow(engine, { ...base, repetitionTime: 0.4 }, PREVIEW_SCANNER, options);
    const te = medianMs(
      (i) =>
        renderOrThrow(engine, { ...base, echoTime: 0.008 + (i % 50) * 0.0002 }, PREVIEW_SCANNER, options),
      200,
      30,
    );
    const tr = medianMs(
      (i) =>
        renderOrThrow(engine, { ...base, repetitionTime: 0.3 + (i % 50) * 0.005 }, PREVIEW_SCANNER, options),
      200,
      30,
    );
    const name = susceptibility ? 'preview.gre.susceptibility' : 'preview.gre';
    figures[`${name}.teChange.ms`] = te.wall;
    figures[`${name}.teChange.cpu.ms`] = te.cpu;
    figures[`${name}.trChange.ms`] = tr.wall;
    figures[`${name}.trChange.cpu.ms`] = tr.cpu;
  }
  return figures;
}

/** TE steps of the T2-weighted TSE's default protocol on its prepared slice: median wall and CPU [ms]. */
function tseTeChangeMs(model: AnatomicalModel): { wall: number; cpu: number } {
  const engine = createPreviewEngine(model);
  const base = defaultProtocol('TSE', PREVIEW_SCANNER);
  renderOrThrow(engine, base);
  return medianMs(
    (i) => renderOrThrow(engine, { ...base, echoTime: base.echoTime + (i % 50) * 0.0002 }),
    200,
    30,
  );
}

/** The live preview's figures in Node (see the module comment). */
export function previewNodeFigures(model = createModelStore().get(BRAIN_MODEL_ID)): Record<string, number> {
  const engine = createPreviewEngine(model);
  const base = previewProtocol();
  renderOrThrow(engine, base);
  const teChange = medianMs(
    (i) => renderOrThrow(engine, { ...base, echoTime: 0.012 + (i % 50) * 0.002 }),
    200,
    30,
  );
  const single = createPreviewEngine(model);
  const body: Scanner = { ...PREVIEW_SCANNER, coil: 'none' };
  renderOrThrow(single, base, body);
  const teChangeSingle = medianMs(
    (i) => renderOrThrow(single, { ...base, echoTime: 0.012 + (i % 50) * 0.002 }, body),
    200,
    30,
  );
  const moved = sliceMovedMs(model, true);
  const movedJs = sliceMovedMs(model, false);
  const firstTe = firstTeChangeMs(model);
  const tse = tseTeChangeMs(model);
  const tseMoved = tseSliceMovedMs(model);
  // The CPU figures (process CPU time, this engine's single thread) are the ones to read on a loaded machine.
  return {
    'preview.teChange.ms': teChange.wall,
    'preview.teChange.cpu.ms': teChange.cpu,
    'preview.teChange.singleCoil.ms': teChangeSingle.wall,
    'preview.sliceMoved.ms': moved.wall,
    'preview.sliceMoved.cpu.ms': moved.cpu,
    'preview.sliceMoved.javascript.ms': movedJs.wall,
    'preview.sliceMoved.javascript.cpu.ms': movedJs.cpu,
    'preview.sliceMoved.firstTeChange.ms': firstTe.wall,
    'preview.sliceMoved.firstTeChange.cpu.ms': firstTe.cpu,
    'preview.tse.teChange.ms': tse.wall,
    'preview.tse.teChange.cpu.ms': tse.cpu,
    'preview.tse.sliceMoved.ms': tseMoved.wall,
    'preview.tse.sliceMoved.cpu.ms': tseMoved.cpu,
    ...previewGreFigures(model),
  };
}
