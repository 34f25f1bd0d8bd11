/**
 * The live preview's worker (DESIGN.md §1): builds the module's anatomical model as preview-model.ts resolves it
 * (the brain from the build's static asset, lib/brain-asset.ts; the knee, abdomen and spine from the atlas-derived ones, lib/knee-asset.ts and lib/abdomen-asset.ts), keeps a preview engine per build for the last
 * few builds, and answers each `render` call (comlink, lib/worker-client.ts) with the centre
 * slice's grey image, its buffer transferred, and the backend its FFTs ran on (WebAssembly wherever the browser
 * compiles it: the server's CSP allows 'wasm-unsafe-eval'; JavaScript only where it has no WebAssembly).
 */
import { expose, transfer } from 'comlink';
import type { LabelAsset } from '@larmor/mri/anatomy';
import { createPreviewEngine, type PreviewEngine } from '@larmor/mri/preview';
import { loadBrainAsset } from '#lib/brain-asset.ts';
import { loadKneeAsset } from '#lib/knee-asset.ts';
import { loadAbdomenAsset } from '#lib/abdomen-asset.ts';
import type { PreviewRequest, PreviewResponse, PreviewWorkerApi } from './preview-messages.ts';
import { buildPreviewModel, previewBuild, type PreviewModelSettings } from './preview-model.ts';
import { idleWork } from './idle-work.ts';

/** Engines kept (a model is 1–7 MB): switching a patient setting back and forth builds nothing again. */
const MAX_ENGINES = 3;
/**
 * Time without a request after which the worker prepares the tissues of a moved slice [ms]: longer than the gap
 * between a drag's moves, so only a settled slice is prepared and the next contrast change there costs no more.
 */
const IDLE_PREPARE_MS = 150;
const idle = idleWork(IDLE_PREPARE_MS);

let brainAsset: Promise<LabelAsset> | undefined;
let kneeAsset: Promise<LabelAsset | undefined> | undefined;
let abdomenAsset: Promise<LabelAsset | undefined> | undefined;
const engines = new Map<string, Promise<PreviewEngine>>();

/** The engine of the last request, reused without resolving the model again while model and settings stay. */
let last: { modelId: number; settings: PreviewModelSettings; engine: Promise<PreviewEngine> } | undefined;

const sameSettings = (a: PreviewModelSettings, b: PreviewModelSettings): boolean =>
  a.brainCondition === b.brainCondition &&
  a.heartCondition === b.heartCondition &&
  a.cardiacPhase === b.cardiacPhase &&
  a.breathingMode === b.breathingMode;

function engineFor(request: PreviewRequest): Promise<PreviewEngine> {
  // The live path: a contrast change (every keystroke) costs no lookup and no allocation here.
  if (last?.modelId === request.modelId && sameSettings(last.settings, request.settings)) return last.engine;
  const engine = resolveEngine(request);
  last = { modelId: request.modelId, settings: request.settings, engine };
  engine.catch(() => {
    if (last?.engine === engine) last = undefined;
  });
  return engine;
}

function resolveEngine(request: PreviewRequest): Promise<PreviewEngine> {
  const build = previewBuild(request.modelId, request.settings);
  if (!build) return Promise.reject(new Error(`unknown anatomical model ${request.modelId}`));
  let engine = engines.get(build.key);
  if (engine) {
    engines.delete(build.key);
  } else {
    engine = buildPreviewModel(
      request.modelId,
      request.settings,
      () => (brainAsset ??= loadBrainAsset()),
      () => (kneeAsset ??= loadKneeAsset()),
      () => (abdomenAsset ??= loadAbdomenAsset()),
    ).then((model) => createPreviewEngine(model, { now: () => performance.now() }));
    // A failed load is not kept: the next request tries again.
    engine.catch(() => {
      brainAsset = undefined;
      kneeAsset = undefined;
      abdomenAsset = undefined;
      engines.delete(build.key);
    });
  }
  engines.set(build.key, engine);
  while (engines.size > MAX_ENGINES) {
    const oldest = engines.keys().next().value;
    if (oldest === undefined) break;
    engines.delete(oldest);
  }
  return engine;
}

/** The centre slice's grey image of `request`, its buffer transferred; failures are answers too. */
async function render(request: PreviewRequest): Promise<PreviewResponse> {
  idle.cancel();
  try {
    const engine = await engineFor(request);
    const result = engine.render(request.protocol, request.scanner, request.noiseLevel, {
      susceptibility: request.susceptibility,
    });
    if (!result.ok) return { id: request.id, ok: false, message: result.message };
    idle.schedule(() => engine.prepareTissues());
    const { rows, columns, rowSpacing, columnSpacing, grey, backend, prepareMs, renderMs } = result.frame;
    const response: PreviewResponse = {
      id: request.id,
      ok: true,
      rows,
      columns,
      rowSpacing,
      columnSpacing,
      grey,
      backend,
      prepareMs,
      renderMs,
    };
    return transfer(response, [grey.buffer]);
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

expose({ render } satisfies PreviewWorkerApi);
