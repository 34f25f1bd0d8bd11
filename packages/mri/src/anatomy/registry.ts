import type { Vec3 } from '../units.ts';
import type { AnatomicalModel, Coil, FeatureName, LabelVolume, Region } from './types.ts';
import type { BrainCondition, BreathingMode, HeartCondition } from './conditions.ts';
import { modelCoils } from './modelCoils.ts';
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
}

/** Which atlas-derived assets the caller has (only the edges that read files know): names follow them. */
export interface ModelAvailability {
  kneeAtlas?: boolean;
}

/** The knee's name when its atlas-derived asset is absent and the procedural knee stands in. */
export const KNEE_FALLBACK_NAME = 'Knee (procedural: atlas not found)';

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
  return { kneeAtlas: options.kneeAsset !== undefined };
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

function bodyState(options: ModelBuildOptions): BodyState {
  return {
    cardiacPhase: options.cardiacPhase ?? DEFAULT_BODY_STATE.cardiacPhase,
    heartCondition: options.heartCondition ?? DEFAULT_BODY_STATE.heartCondition,
    breathingMode: options.breathingMode ?? DEFAULT_BODY_STATE.breathingMode,
  };
}

const ENTRIES: readonly ModelEntry[] = [
  {
    id: 1,
    key: 'brain',
    name: 'Brain',
    features: ['Brain Condition', 'Tissue magnetic properties', 'CS', 'SWI', 'T2Star'],
    regions: [{ id: 1, name: 'Head', center: ORIGIN }],
    coils: modelCoils(1),
    tissues: (options) =>
      options.brainAsset
        ? brainTissues(options.brainAsset)
        : [...BRAIN_BASE_TISSUES.keys, ...BRAIN_CONDITION_TISSUES],
    build: (options) => applyBrainCondition(requireBrainAsset(options), options.brainCondition ?? 'healthy'),
    noticeFor: () => BRAIN_NOTICE,
  },
  {
    id: 2,
    key: 'knee',
    name: 'Knee',
    features: ['Tissue magnetic properties', 'CS', 'T2Star'],
    regions: [{ id: 1, name: 'Right knee', center: ORIGIN }],
    coils: modelCoils(2),
    tissues: (options) => (options.kneeAsset ? KNEE_ATLAS_TISSUES.keys : KNEE_TISSUES.keys),
    build: (options) => (options.kneeAsset ? kneeAtlasVolume(options.kneeAsset) : buildKneeVolume()),
    nameFor: (available) => (available.kneeAtlas ? 'Knee' : KNEE_FALLBACK_NAME),
    noticeFor: (available) => (available.kneeAtlas ? KNEE_ATLAS_NOTICE : undefined),
  },
  {
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
    regions: [{ id: 1, name: 'Heart', center: ORIGIN }],
    coils: modelCoils(3),
    tissues: () => BODY_TISSUES.keys,
    build: (options) => buildTrunkCrop(TRUNK_CROPS.heart, bodyState(options)),
  },
  {
    id: 4,
    key: 'spine',
    name: 'Spine',
    features: ['Tissue magnetic properties', 'CS', 'T2Star'],
    regions: [{ id: 1, name: 'Lumbar spine', center: ORIGIN }],
    coils: modelCoils(4),
    tissues: () => BODY_TISSUES.keys,
    build: (options) => buildTrunkCrop(TRUNK_CROPS.spine, bodyState(options)),
  },
  {
    id: 5,
    key: 'abdomen',
    name: 'Abdomen',
    features: ['Breathing mode', 'Physiological motion', 'Tissue magnetic properties', 'CS', 'T2Star'],
    regions: [{ id: 1, name: 'Abdomen', center: ORIGIN }],
    coils: modelCoils(5),
    tissues: () => BODY_TISSUES.keys,
    build: (options) => buildTrunkCrop(TRUNK_CROPS.abdomen, bodyState(options)),
  },
  {
    id: 6,
    key: 'pelvis',
    name: 'Pelvis',
    features: ['Tissue magnetic properties', 'CS', 'T2Star'],
    regions: [{ id: 1, name: 'Pelvis', center: ORIGIN }],
    coils: modelCoils(6),
    tissues: () => BODY_TISSUES.keys,
    build: () => buildTrunkCrop(TRUNK_CROPS.pelvis, DEFAULT_BODY_STATE),
  },
  {
    id: 7,
    key: 'shoulder',
    name: 'Shoulder',
    features: ['Tissue magnetic properties', 'CS', 'T2Star'],
    regions: [{ id: 1, name: 'Left shoulder and elbow', center: ORIGIN }],
    coils: modelCoils(7),
    tissues: () => SHOULDER_TISSUES.keys,
    build: () => buildShoulderVolume(),
  },
  {
    id: 8,
    key: 'hand',
    name: 'Hand',
    features: ['Tissue magnetic properties', 'CS', 'T2Star'],
    regions: [{ id: 1, name: 'Left hand', center: [0.01, 0, -0.04] }],
    coils: modelCoils(8),
    tissues: () => HAND_TISSUES.keys,
    build: () => buildHandVolume(),
  },
  {
    id: 9,
    key: 'foot',
    name: 'Foot',
    features: ['Tissue magnetic properties', 'CS', 'T2Star'],
    regions: [{ id: 1, name: 'Right foot', center: ORIGIN }],
    coils: modelCoils(9),
    tissues: () => FOOT_TISSUES.keys,
    build: () => buildFootVolume(),
  },
  {
    id: 10,
    key: 'wholeBody',
    name: 'Whole body',
    features: ['Isocenter', 'Tissue magnetic properties'],
    regions: WHOLE_BODY_REGIONS,
    coils: modelCoils(10),
    tissues: () => BODY_TISSUES.keys,
    build: () => buildWholeBodyVolume(),
  },
];

/**
 * Every model, without building any volume. `available` says which atlas-derived assets the caller has; a model
 * whose asset is missing is listed under its fallback name (the knee: KNEE_FALLBACK_NAME).
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
    volume: entry.build(options),
    tissues: entry.tissues(options),
    regions: entry.regions,
    features: entry.features,
    coils: entry.coils,
  };
}
