/**
 * The 3D viewer's calls and loads (simulator.md §7): the session (its module's model, its sequences), the
 * model's engine id (GET v1/anatomical-models/{userId}/single/{modelId}), a finished series as NIfTI
 * (its `niftiUrl`, .nii.gz in RAS), and the model's label volume built here by @larmor/mri (the brain from the
 * build's static asset through lib/brain-asset.ts, the loader the simulator's preview worker uses too).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '@larmor/contracts/programs';
import { reconstructedImagesSchema, SESSION_PATHS } from '@larmor/contracts/sessions';
import { getAnatomicalModel } from '#entities/session/api/get-anatomical-model.ts';
import type { AnatomicalModel } from '@larmor/mri/anatomy';
import { getSession } from '#entities/session/api/get-session.ts';
import { api } from '#lib/api.ts';

/** The brain's id in @larmor/mri's registry: built from its shipped asset. */
const BRAIN_MODEL_ID = 1;
/** The knee's id: built from the atlas-derived asset where the build has one. */
const KNEE_MODEL_ID = 2;
/** The abdomen and lumbar spine: built from the abdominal atlas's derived asset where the build has one. */
const ABDOMEN_MODEL_ID = 5;
const SPINE_MODEL_ID = 4;

export function sessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['viewer3d', 'session', sessionId],
    queryFn: () => getSession(sessionId),
    retry: false,
  });
}

/** The @larmor/mri model id of the session's model (a variant names its base). */
export async function engineModelId(userId: string, modelId: number): Promise<number> {
  const model = await getAnatomicalModel(userId, modelId);
  return model.engineModelId ?? model.id;
}

/**
 * Builds the anatomical model (the label volume and its tissue table); the brain loads its asset first, the knee,
 * abdomen and spine their atlas-derived asset where the build has one.
 */
export async function loadModel(engineId: number): Promise<AnatomicalModel> {
  const [{ buildModel }, { loadBrainAsset }, { loadKneeAsset }, { loadAbdomenAsset }] = await Promise.all([
    import('@larmor/mri/anatomy'),
    import('#lib/brain-asset.ts'),
    import('#lib/knee-asset.ts'),
    import('#lib/abdomen-asset.ts'),
  ]);
  if (engineId === BRAIN_MODEL_ID) return buildModel(engineId, { brainAsset: await loadBrainAsset() });
  if (engineId === KNEE_MODEL_ID) {
    const kneeAsset = await loadKneeAsset();
    return buildModel(engineId, kneeAsset ? { kneeAsset } : {});
  }
  if (engineId === ABDOMEN_MODEL_ID || engineId === SPINE_MODEL_ID) {
    const abdomenAsset = await loadAbdomenAsset();
    return buildModel(engineId, abdomenAsset ? { abdomenAsset } : {});
  }
  return buildModel(engineId);
}

/** A finished scan's series as NIfTI bytes (.nii.gz), through the app's HTTP client (lib/http). */
export async function seriesNifti(sessionId: string, scanId: string): Promise<ArrayBuffer> {
  const meta = await api.request(apiPath(SESSION_PATHS.reconstructedImages, { sessionId, id: scanId }), {
    schema: reconstructedImagesSchema,
  });
  return api.bytes(meta.niftiUrl);
}
