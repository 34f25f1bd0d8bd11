/**
 * What the live preview builds for a module's anatomical model id (issue 20.11: every model previews): the id is
 * looked up in @larmor/mri's catalogue, the single list of the models the simulator can open (the server's module
 * catalogue lists the same ids), which names the registry model it builds, the tumour model 202 the brain with
 * its tumour. The session's patient settings (brain and heart condition, cardiac phase, breathing mode) are the
 * build options, as a scan's snapshot takes them, kept only where the model's features use them.
 */
import {
  catalogueModel,
  BRAIN_CONDITIONS,
  BREATHING_MODES,
  CARDIAC_PHASE_COUNT,
  HEART_CONDITIONS,
  type LabelAsset,
  buildModel,
  modelInfo,
  type ModelBuildOptions,
  type AnatomicalModel,
} from '@larmor/mri/anatomy';

/** The patient settings of a session that change a model's labels (the configuration's values, unchecked). */
export interface PreviewModelSettings {
  brainCondition?: string;
  heartCondition?: string;
  cardiacPhase?: number;
  breathingMode?: string;
}

export interface PreviewBuild {
  /** The registry model to build. */
  engineModelId: number;
  /** The brain model is built from the shipped asset, which the worker loads first. */
  needsBrainAsset: boolean;
  /** The knee is built from the atlas-derived asset when the build has one (else the procedural knee). */
  needsKneeAsset: boolean;
  /** The abdomen and spine are built from the abdominal atlas's asset when the build has one. */
  needsAbdomenAsset: boolean;
  options: PreviewBuildOptions;
  /** Equal for builds that give the same labels (the worker's cache key). */
  key: string;
}

/** Build options without the assets, which the worker loads. */
type PreviewBuildOptions = Omit<ModelBuildOptions, 'brainAsset' | 'kneeAsset' | 'abdomenAsset'>;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The build of model `modelId` under `settings`, or undefined for an id no module may name. */
export function previewBuild(modelId: number, settings: PreviewModelSettings = {}): PreviewBuild | undefined {
  const model = catalogueModel(modelId);
  const info = model && modelInfo(model.engineModelId);
  if (!model || !info) return undefined;
  const features = new Set<string>(info.features);
  const options: PreviewBuildOptions = {};
  if (features.has('Brain Condition')) {
    options.brainCondition =
      oneOf(BRAIN_CONDITIONS, settings.brainCondition) ?? model.brainCondition ?? 'healthy';
  }
  if (features.has('Heart Condition')) {
    options.heartCondition = oneOf(HEART_CONDITIONS, settings.heartCondition) ?? 'healthy';
  }
  if (features.has('Default cardiac phase')) {
    const phase = Math.round(settings.cardiacPhase ?? 1);
    options.cardiacPhase = phase >= 1 && phase <= CARDIAC_PHASE_COUNT ? phase : 1;
  }
  if (features.has('Breathing mode')) {
    options.breathingMode = oneOf(BREATHING_MODES, settings.breathingMode) ?? 'breathhold_full_exhale';
  }
  return {
    engineModelId: model.engineModelId,
    needsBrainAsset: info.key === 'brain',
    needsKneeAsset: info.key === 'knee',
    needsAbdomenAsset: info.key === 'abdomen' || info.key === 'spine',
    options,
    key: JSON.stringify([
      model.engineModelId,
      options.brainCondition ?? null,
      options.heartCondition ?? null,
      options.cardiacPhase ?? null,
      options.breathingMode ?? null,
    ]),
  };
}

/**
 * The anatomical model the preview renders for `modelId` under `settings` (what the worker builds); `brainAsset`
 * gives the decoded brain asset, asked only for the brain; `kneeAsset` the atlas-derived knee asset (undefined where
 * the build has none), asked only for the knee; `abdomenAsset` the abdominal atlas's, asked only for the abdomen and
 * spine. Rejects for an id no module may name.
 */
export async function buildPreviewModel(
  modelId: number,
  settings: PreviewModelSettings,
  brainAsset: () => Promise<LabelAsset>,
  kneeAsset: () => Promise<LabelAsset | undefined> = () => Promise.resolve(undefined),
  abdomenAsset: () => Promise<LabelAsset | undefined> = () => Promise.resolve(undefined),
): Promise<AnatomicalModel> {
  const build = previewBuild(modelId, settings);
  if (!build) throw new RangeError(`unknown anatomical model ${modelId}`);
  const brain = build.needsBrainAsset ? await brainAsset() : undefined;
  const knee = build.needsKneeAsset ? await kneeAsset() : undefined;
  const abdomen = build.needsAbdomenAsset ? await abdomenAsset() : undefined;
  return buildModel(build.engineModelId, {
    ...build.options,
    ...(brain ? { brainAsset: brain } : {}),
    ...(knee ? { kneeAsset: knee } : {}),
    ...(abdomen ? { abdomenAsset: abdomen } : {}),
  });
}
