/**
 * The live preview's worker (DESIGN.md §1): loads the anatomical model (the brain from the build's static asset,
 * gunzipped here with DecompressionStream), keeps one preview engine per model, and answers each request with
 * the centre slice's grey image, its buffer transferred.
 */
import { decodeBrainAsset } from '@larmor/mri/anatomy/labelAsset';
import { buildModel } from '@larmor/mri/anatomy/registry';
import { createPreviewEngine, type PreviewEngine } from './preview-engine.ts';
import type { PreviewRequest, PreviewResponse } from './preview-messages.ts';

/** The shipped brain label volume, emitted once by the build as a hashed static asset. */
const BRAIN_ASSET_URL = new URL('../../../../../mri/assets/brain/colin27-labels.bin.gz', import.meta.url);
/** The brain model's id in @larmor/mri's registry: the only model built from an asset. */
const BRAIN_MODEL_ID = 1;
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

const engines = new Map<number, Promise<PreviewEngine>>();

function engineFor(modelId: number): Promise<PreviewEngine> {
  let engine = engines.get(modelId);
  if (!engine) {
    engine = (async () => {
      const brainAsset = modelId === BRAIN_MODEL_ID ? await loadBrainAsset() : undefined;
      return createPreviewEngine(buildModel(modelId, brainAsset ? { brainAsset } : {}), () =>
        performance.now(),
      );
    })();
    engines.set(modelId, engine);
  }
  return engine;
}

function reply(message: PreviewResponse): void {
  if (message.ok) postMessage(message, { transfer: [message.grey.buffer] });
  else postMessage(message);
}

addEventListener('message', (event: MessageEvent<PreviewRequest>) => {
  const request = event.data;
  engineFor(request.modelId)
    .then((engine) => {
      const result = engine.render(request.protocol, request.scanner, request.noiseLevel);
      if (!result.ok) return reply({ id: request.id, ok: false, message: result.message });
      const { rows, columns, grey, prepareMs, renderMs } = result.frame;
      return reply({ id: request.id, ok: true, rows, columns, grey, prepareMs, renderMs });
    })
    .catch((error: unknown) => {
      reply({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) });
    });
});
