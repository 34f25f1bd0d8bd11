import type { Vec3 } from '../units.ts';
import type { AnatomicalModel, Coil, FeatureName, LabelVolume, Region } from './types.ts';
import type { BrainCondition, BreathingMode, HeartCondition } from './conditions.ts';
import { modelCoils } from './modelCoils.ts';
import { modelTexture } from './texture.ts';
import { buildKneeVolume, KNEE_TISSUES } from './procedural/knee.ts';
import type { LabelAsset } from './labelAsset.ts';
import { BODY_TISSUES } from './body/tissues.ts';
import { DEFAULT_BODY_STATE, type BodyState } from './body/state.ts';
import { buildTrunkCrop, TRUNK_CROPS } from './procedural/trunkModels.ts';
import { buildShoulderVolume, SHOULDER_TISSUES } from './procedural/shoulder.ts';
import { buildHandVolume, HAND_TISSUES } from './procedural/hand.ts';
import { buildFootVolume, FOOT_TISSUES } from './procedural/foot.ts';
import { buildWholeBodyVolume, WHOLE_BODY_REGIONS } from './procedural/wholeBody.ts';
import { applyBrainCondition, brainTissues } from './brain/conditions.ts';
import { BRAIN_BASE_TISSUES, BRAIN_CONDITION_TISSUES } from './brain/tissues.ts';
import { KNEE_ATLAS_NOTICE, KNEE_ATLAS_TISSUES } from './knee/atlasLabels.ts';
import { ABDOMEN_ATLAS_NOTICE, ABDOMEN_ATLAS_TISSUES } from './abdomen/atlasLabels.ts';
import { abdomenAtlasVolume, breatheAbdomen, lumbarSpineVolume } from './abdomen/abdomenModel.ts';
import { diaphragmShift } from './body/state.ts';
import {
  applyKneePathology,
  ATLAS_KNEE_SITES,
  kneeTissuesWithPathology,
  PROCEDURAL_KNEE_SITES,
} from './knee/pathology.ts';

/** Options of `buildModel`; each applies only to models with the matching feature. */
export interface ModelBuildOptions {
  brainCondition?: BrainCondition;
  heartCondition?: HeartCondition;
  /** Cardiac phase 1…20. */
  cardiacPhase?: number;
  breathingMode?: BreathingMode;
  /** The decoded brain asset (`decodeBrainAsset` of the gunzipped shipped file); required by the brain model. */
  brainAsset?: LabelAsset;
  /**
   * The decoded knee asset derived from the SPL Knee Atlas at install time (git-ignored cache, see
   * assets/knee/README.md); without it the knee is the procedural knee and its name says so.
   */
  kneeAsset?: LabelAsset;
  /**
   * The decoded abdomen asset derived from the SPL Abdominal Atlas at install time (git-ignored cache, see
   * assets/abdomen/README.md): the abdomen (5) and lumbar spine (4) are built from it; without it they are cut
   * from the procedural trunk and their names say so.
   */
  abdomenAsset?: LabelAsset;
}

/** Which atlas-derived assets the caller has (only the edges that read files know): names follow them. */
export interface ModelAvailability {
  kneeAtlas?: boolean;
  abdomenAtlas?: boolean;
}

/** The knee's name when its atlas-derived asset is absent and the procedural knee stands in. */
export const KNEE_FALLBACK_NAME = 'Knee (procedural: atlas not found)';

/** The abdomen's and the spine's names when the abdominal atlas's asset is absent and the procedural trunk stands in. */
export const ABDOMEN_FALLBACK_NAME = 'Abdomen (procedural: atlas not found)';
export const SPINE_FALLBACK_NAME = 'Spine (procedural: atlas not found)';

/** The credit the Colin27-derived brain carries wherever it is shown or exported. */
export const BRAIN_NOTICE =
  'Brain model derived from Colin27 (Holmes CJ et al., J Comput Assist Tomogr 1998;22:324–333) as distributed with MRIcron (BSD licence).';

/** What a client lists about a model before building it (spec: id, name, features, regions; plus coils). */
export interface ModelInfo {
  id: number;
  /** Stable key used in code and asset names. */
  key: string;
  name: string;
  features: readonly FeatureName[];
  regions: readonly Region[];
  coils: readonly Coil[];
  /** The credit of the data the model is derived from (atlas, template), to show beside it and put in exports. */
  notice?: string;
}

interface ModelEntry extends ModelInfo {
  tissues: (options: ModelBuildOptions) => readonly string[];
  build: (options: ModelBuildOptions) => LabelVolume;
  /** The name when it depends on which assets are at hand (default: `name`). */
  nameFor?: (available: ModelAvailability) => string;
  /** The credit of the data the model is derived from, when it carries one. */
  noticeFor?: (available: ModelAvailability) => string | undefined;
}

function availableIn(options: ModelBuildOptions): ModelAvailability {
  return { kneeAtlas: options.kneeAsset !== undefined, abdomenAtlas: options.abdomenAsset !== undefined };
}

const ORIGIN: Vec3 = [0, 0, 0];

function requireBrainAsset(options: ModelBuildOptions): LabelAsset {
  if (!options.brainAsset) throw new Error('the brain model needs its decoded asset (options.brainAsset)');
  return options.brainAsset;
}

/** The knee asset's volume, after checking that its tissue table is the one the atlas knee is built with. */
function kneeAtlasVolume(asset: LabelAsset): LabelVolume {
  if (asset.tissues.join('\n') !== KNEE_ATLAS_TISSUES.keys.join('\n')) {
    throw new Error(
      'the knee asset was derived with another tissue table: rebuild it (npm run build:anatomy)',
    );
  }
  return asset.volume;
}

/** The tissues of the models cut from the abdominal atlas, or from the procedural trunk without its asset. */
function abdomenAtlasTissues(options: ModelBuildOptions): readonly string[] {
  return options.abdomenAsset ? ABDOMEN_ATLAS_TISSUES.keys : BODY_TISSUES.keys;
}

function bodyState(options: ModelBuildOptions): BodyState {
  return {
    cardiacPhase: options.cardiacPhase ?? DEFAULT_BODY_STATE.cardiacPhase,
    heartCondition: options.heartCondition ?? DEFAULT_BODY_STATE.heartCondition,
    breathingMode: options.breathingMode ?? DEFAULT_BODY_STATE.breathingMode,
  };
}

/** The features of a model with no physiology or condition to choose. */
const STATIC_FEATURES: readonly FeatureName[] = ['Tissue magnetic properties', 'CS', 'T2Star'];

/** A registry entry's own fields; `entry` adds the model's coils and, by default, its features and one region. */
type EntryFields = Omit<ModelEntry, 'coils' | 'features' | 'regions'> & {
  /** Default: STATIC_FEATURES. */
  features?: readonly FeatureName[];
  /** The model's one region by name (centred at `center`, default the origin), or all its regions. */
  region: string | readonly Region[];
  center?: Vec3;
};

function entry({ features = STATIC_FEATURES, region, center = ORIGIN, ...fields }: EntryFields): ModelEntry {
  const regions = typeof region === 'string' ? [{ id: 1, name: region, center }] : region;
  return { ...fields, features, regions, coils: modelCoils(fields.id) };
}

/** Name and credit of a model derived from an atlas: its fallback name and no credit without the atlas's asset. */
function atlasNaming(
  atlas: keyof ModelAvailability,
  name: string,
  fallbackName: string,
  notice: string,
): Pick<ModelEntry, 'nameFor' | 'noticeFor'> {
  return {
    nameFor: (available) => (available[atlas] ? name : fallbackName),
    noticeFor: (available) => (available[atlas] ? notice : undefined),
  };
}

const ENTRIES: readonly ModelEntry[] = [
  entry({
    id: 1,
    key: 'brain',
    name: 'Brain',
    features: ['Brain Condition', 'Tissue magnetic properties', 'CS', 'SWI', 'T2Star'],
    region: 'Head',
    tissues: (options) =>
      options.brainAsset
        ? brainTissues(options.brainAsset)
        : [...BRAIN_BASE_TISSUES.keys, ...BRAIN_CONDITION_TISSUES],
    build: (options) => applyBrainCondition(requireBrainAsset(options), options.brainCondition ?? 'healthy'),
    noticeFor: () => BRAIN_NOTICE,
  }),
  entry({
    id: 2,
    key: 'knee',
    name: 'Knee',
    region: 'Right knee',
    // Both knees carry a bone-marrow oedema and a joint effusion (knee/pathology.ts) for the STIR lessons.
    tissues: (options) =>
      kneeTissuesWithPathology(options.kneeAsset ? KNEE_ATLAS_TISSUES.keys : KNEE_TISSUES.keys),
    build: (options) =>
      options.kneeAsset
        ? applyKneePathology(kneeAtlasVolume(options.kneeAsset), KNEE_ATLAS_TISSUES.keys, ATLAS_KNEE_SITES)
        : applyKneePathology(buildKneeVolume(), KNEE_TISSUES.keys, PROCEDURAL_KNEE_SITES),
    ...atlasNaming('kneeAtlas', 'Knee', KNEE_FALLBACK_NAME, KNEE_ATLAS_NOTICE),
  }),
  entry({
    id: 3,
    key: 'heart',
    name: 'Heart',
    features: [
      'Heart Condition',
      'Default cardiac phase',
      'Breathing mode',
      'Physiological motion',
      'Tissue magnetic properties',
      'T2Star',
    ],
    region: 'Heart',
    tissues: () => BODY_TISSUES.keys,
    build: (options) => buildTrunkCrop(TRUNK_CROPS.heart, bodyState(options)),
  }),
  entry({
    id: 4,
    key: 'spine',
    name: 'Spine',
    region: 'Lumbar spine',
    tissues: abdomenAtlasTissues,
    build: (options) =>
      options.abdomenAsset
        ? lumbarSpineVolume(abdomenAtlasVolume(options.abdomenAsset))
        : buildTrunkCrop(TRUNK_CROPS.spine, bodyState(options)),
    ...atlasNaming('abdomenAtlas', 'Spine', SPINE_FALLBACK_NAME, ABDOMEN_ATLAS_NOTICE),
  }),
  entry({
    id: 5,
    key: 'abdomen',
    name: 'Abdomen',
    features: ['Breathing mode', 'Physiological motion', 'Tissue magnetic properties', 'CS', 'T2Star'],
    region: 'Abdomen',
    tissues: abdomenAtlasTissues,
    build: (options) =>
      options.abdomenAsset
        ? breatheAbdomen(
            abdomenAtlasVolume(options.abdomenAsset),
            diaphragmShift(bodyState(options).breathingMode),
          )
        : buildTrunkCrop(TRUNK_CROPS.abdomen, bodyState(options)),
    ...atlasNaming('abdomenAtlas', 'Abdomen', ABDOMEN_FALLBACK_NAME, ABDOMEN_ATLAS_NOTICE),
  }),
  entry({
    id: 6,
    key: 'pelvis',
    name: 'Pelvis',
    region: 'Pelvis',
    tissues: () => BODY_TISSUES.keys,
    build: () => buildTrunkCrop(TRUNK_CROPS.pelvis, DEFAULT_BODY_STATE),
  }),
  entry({
    id: 7,
    key: 'shoulder',
    name: 'Shoulder',
    region: 'Left shoulder and elbow',
    tissues: () => SHOULDER_TISSUES.keys,
    build: () => buildShoulderVolume(),
  }),
  entry({
    id: 8,
    key: 'hand',
    name: 'Hand',
    region: 'Left hand',
    center: [0.01, 0, -0.04],
    tissues: () => HAND_TISSUES.keys,
    build: () => buildHandVolume(),
  }),
  entry({
    id: 9,
    key: 'foot',
    name: 'Foot',
    region: 'Right foot',
    tissues: () => FOOT_TISSUES.keys,
    build: () => buildFootVolume(),
  }),
  entry({
    id: 10,
    key: 'wholeBody',
    name: 'Whole body',
    features: ['Isocenter', 'Tissue magnetic properties'],
    region: WHOLE_BODY_REGIONS,
    tissues: () => BODY_TISSUES.keys,
    build: () => buildWholeBodyVolume(),
  }),
];

/**
 * Every model, without building any volume. `available` says which atlas-derived assets the caller has; a model
 * whose asset is missing is listed under its fallback name (KNEE_FALLBACK_NAME, ABDOMEN_FALLBACK_NAME,
 * SPINE_FALLBACK_NAME).
 */
export function listModels(available: ModelAvailability = {}): ModelInfo[] {
  return ENTRIES.map(({ id, key, name, nameFor, noticeFor, features, regions, coils }) => {
    const notice = noticeFor?.(available);
    return {
      id,
      key,
      name: nameFor?.(available) ?? name,
      features,
      regions,
      coils,
      ...(notice ? { notice } : {}),
    };
  });
}

/**
 * A model's own name, whatever assets are at hand ('Knee' for the knee, with or without its atlas): what the spec's
 * lists (the free plan's anatomies) name it by. Undefined for an unknown id.
 */
export function modelBaseName(id: number): string | undefined {
  return ENTRIES.find((m) => m.id === id)?.name;
}

/** Looks a model up by id. */
export function modelInfo(id: number, available: ModelAvailability = {}): ModelInfo | undefined {
  return listModels(available).find((m) => m.id === id);
}

/**
 * Builds a model's label volume for the given options. Pure and deterministic: the same id and options give
 * the same bytes. Building costs up to about a second; callers cache by (id, options).
 */
export function buildModel(id: number, options: ModelBuildOptions = {}): AnatomicalModel {
  const entry = ENTRIES.find((m) => m.id === id);
  if (!entry) throw new RangeError(`unknown anatomical model ${id}`);
  const available = availableIn(options);
  const notice = entry.noticeFor?.(available);
  return {
    id: entry.id,
    name: entry.nameFor?.(available) ?? entry.name,
    ...(notice ? { notice } : {}),
    volume: { ...entry.build(options), texture: modelTexture(entry.id) },
    tissues: entry.tissues(options),
    regions: entry.regions,
    features: entry.features,
    coils: entry.coils,
  };
}
