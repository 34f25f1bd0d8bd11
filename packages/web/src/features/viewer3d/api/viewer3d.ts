/**
 * The 3D viewer's calls and loads (simulator.md §7): the session (its module's model, its sequences), the
 * model's engine id (GET v1/anatomical-models/{userId}/single/{modelId}), a finished series as NIfTI
 * (its `niftiUrl`, .nii.gz in RAS), and the model's label volume built here by @larmor/mri (the brain from the
 * build's static asset, as the simulator's preview worker loads it).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { anatomicalModelSchema, reconstructedImagesSchema, SESSION_PATHS } from '@larmor/contracts/sessions';
import type { AnatomicalModel } from '@larmor/mri/anatomy';
import { getSession } from '#entities/session/get-session.ts';
import { api } from '#lib/api.ts';
import { fetchBytes } from '#lib/binary.ts';

/** The shipped brain label volume, emitted by the build as a hashed static asset. */
const BRAIN_ASSET_URL = new URL('../../../../../mri/assets/brain/colin27-labels.bin.gz', import.meta.url);
/** The brain's id in @larmor/mri's registry: the only model built from an asset. */
const BRAIN_MODEL_ID = 1;

export function sessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['viewer3d', 'session', sessionId],
    queryFn: () => getSession(sessionId),
    retry: false,
  });
}

/** The @larmor/mri model id of the session's model (a variant names its base). */
export async function engineModelId(userId: string, modelId: number): Promise<number> {
  const model = await api.request(
    apiPath(SESSION_PATHS.anatomicalModel, { userId, modelId: String(modelId) }),
    { schema: anatomicalModelSchema },
  );
  return model.engineModelId ?? model.id;
}

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Builds the anatomical model (the label volume and its tissue table); the brain loads its asset first. */
export async function loadModel(engineId: number): Promise<AnatomicalModel> {
  const [{ buildModel }, { decodeBrainAsset }] = await Promise.all([
    import('@larmor/mri/anatomy'),
    import('@larmor/mri/anatomy'),
  ]);
  if (engineId !== BRAIN_MODEL_ID) return buildModel(engineId);
  const response = await fetch(BRAIN_ASSET_URL);
  if (!response.ok) throw new Error(`The brain model could not be loaded (HTTP ${response.status}).`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A server may already have decoded it (Content-Encoding: gzip): only a gzip stream is unpacked here.
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return buildModel(engineId, { brainAsset: decodeBrainAsset(gzipped ? await gunzip(bytes) : bytes) });
}

/** A finished scan's series as NIfTI bytes (.nii.gz), with the stored token (lib/binary.ts). */
export async function seriesNifti(sessionId: string, scanId: string): Promise<ArrayBuffer> {
  const meta = await api.request(apiPath(SESSION_PATHS.reconstructedImages, { sessionId, id: scanId }), {
    schema: reconstructedImagesSchema,
  });
  return fetchBytes(meta.niftiUrl);
}
