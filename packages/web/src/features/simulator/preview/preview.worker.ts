/**
 * The live preview's worker (DESIGN.md §1): builds the module's anatomical model as preview-model.ts resolves it
 * (the brain from the build's static asset, gunzipped here with DecompressionStream), keeps a preview engine per
 * build for the last few builds, and answers each request with the centre slice's grey image, its buffer
 * transferred, and the backend its FFTs ran on (WebAssembly wherever the browser compiles it: the server's CSP
 * allows 'wasm-unsafe-eval'; JavaScript only where it has no WebAssembly).
 */
import { decodeBrainAsset, type LabelAsset } from '@larmor/mri/anatomy';
import { createPreviewEngine, type PreviewEngine } from '@larmor/mri/preview';
import type { PreviewRequest, PreviewResponse } from './preview-messages.ts';
import { buildPreviewModel, previewBuild, type PreviewModelSettings } from './preview-model.ts';

/** The shipped brain label volume, emitted once by the build as a hashed static asset. */
const BRAIN_ASSET_URL = new URL('../../../../../mri/assets/brain/colin27-labels.bin.gz', import.meta.url);
/** Engines kept (a model is 1–7 MB): switching a patient setting back and forth builds nothing again. */
const MAX_ENGINES = 3;
/** The two bytes every gzip stream starts with. */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function loadBrainAsset() {
  const response = await fetch(BRAIN_ASSET_URL);
  if (!response.ok) throw new Error(`The brain model could not be loaded (HTTP ${response.status}).`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A server may already have decoded it (Content-Encoding: gzip): only a gzip stream is unpacked here.
  const gzipped = bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
  return decodeBrainAsset(gzipped ? await gunzip(bytes) : bytes);
}

let brainAsset: Promise<LabelAsset> | undefined;
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
    ).then((model) => createPreviewEngine(model, { now: () => performance.now() }));
    // A failed load is not kept: the next request tries again.
    engine.catch(() => {
      brainAsset = undefined;
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

function reply(message: PreviewResponse): void {
  if (message.ok) postMessage(message, { transfer: [message.grey.buffer] });
  else postMessage(message);
}

addEventListener('message', (event: MessageEvent<PreviewRequest>) => {
  const request = event.data;
  engineFor(request)
    .then((engine) => {
      const result = engine.render(request.protocol, request.scanner, request.noiseLevel);
      if (!result.ok) return reply({ id: request.id, ok: false, message: result.message });
      const { rows, columns, rowSpacing, columnSpacing, grey, backend, prepareMs, renderMs } = result.frame;
      return reply({
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
      });
    })
    .catch((error: unknown) => {
      reply({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) });
    });
});
