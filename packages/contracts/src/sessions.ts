/**
 * Simulator sessions (simulator.md §3, §4, §7; issue 11): a session opened for a module (lab), its
 * configuration, pulse-sequence collections ("Scan N") and pulse sequences, scans and their images, and the
 * tissue and anatomical-model calls. Paths (under /api) are in `SESSION_PATHS`, the spec's kept word for word.
 *
 * Our decisions where the spec is silent (docs/api.md, "Simulator sessions"):
 * - A pulse-sequence scheme is a sequence type: `pulseSequenceSchemeId` is a code of sequence-types.ts.
 * - `library-parameter-values/{a}/{b}`: `a` is the scheme id (sequence-type code), `b` the anatomical model id;
 *   it answers the scheme's default parameters, their limits on the default scanner (1.5 T, 45 mT/m) and the
 *   model's default slice geometry.
 * - `library-configuration/{id}`: `id` is a scheme id; the limits of its parameters on this session's scanner
 *   (field and gradient of its configuration), with the free plan's caps applied.
 * - Parameters are @larmor/mri `Protocol` fields in SI units (s, m, rad, Hz/pixel); spatials are its slice
 *   geometry in patient coordinates (LPS) [m].
 * - `reconstructed-images/{id}` and the slice and k-space calls take a scan id (`PulseSequence.lastScan.id`).
 */
import { z } from 'zod';
import { idSchema, textSchema, timestampSchema } from './common.ts';
import {
  B0_FIELD_CHOICES_T,
  CONTRAST_CONCENTRATION_CHOICES_MMOL_PER_ML,
  MAX_GRADIENT_CHOICES_MT_PER_M,
  MOTION_TYPES,
  NOISE_LEVELS,
  PRESET_BRAIN_CONDITIONS,
  PRESET_BREATHING_MODES,
  PRESET_HEART_CONDITIONS,
  simulatorBackendSchema,
} from './lab-presets.ts';
import { protocolSchema, sliceGeometrySchema } from './scan-snapshot.ts';
import { sequenceTypeSchema } from './sequence-types.ts';
import { scanStatusSchema } from './scan-images.ts';

export * from './scan-images.ts';

/** The API paths of simulator sessions (under /api), with `{name}` path parameters (fill with `apiPath`). */
export const SESSION_PATHS = {
  sessions: 'v1/sessions',
  session: 'v1/sessions/{sessionId}',
  instanceState: 'v1/sessions/{sessionId}/instance-state',
  keepalive: 'v1/sessions/{sessionId}/keepalive',
  close: 'v1/sessions/{sessionId}/close',
  maxAllowed: 'v2/sessions/max-allowed',
  activeSessionsExcluded: 'me/active-sessions/{labId}/excluded',
  collections: 'v2/sessions/{sessionId}/pulse-sequences/collections',
  pulseSequences: 'v1/sessions/{sessionId}/pulse-sequences',
  pulseSequencesMany: 'v1/sessions/{sessionId}/pulse-sequences-many',
  pulseSequence: 'v1/sessions/{sessionId}/pulse-sequences/{id}',
  pulseSequenceMove: 'v1/sessions/{sessionId}/pulse-sequences/{id}/move',
  pulseSequenceRun: 'v1/sessions/{sessionId}/pulse-sequences/{id}/run',
  pulseSequenceCancel: 'v1/sessions/{sessionId}/pulse-sequences/{id}/cancel',
  pulseSequenceScans: 'v1/sessions/{sessionId}/pulse-sequences/{id}/scans',
  spatialsDefault: 'v2/pulse-sequences/{id}/spatials-default',
  libraryParameterValues: 'v1/library-parameter-values/{a}/{b}',
  libraryConfiguration: 'v1/sessions/{sessionId}/library-configuration/{id}',
  activeSchemas: 'v1/sessions/{sessionId}/active-schemas',
  configuration: 'v1/sessions/{sessionId}/configuration',
  coils: 'v1/sessions/{sessionId}/coils',
  events: 'v1/sessions/{sessionId}/events',
  scoutImages: 'v1/sessions/{sessionId}/scout-images/{id}',
  reconstructedImages: 'v1/sessions/{sessionId}/reconstructed-images/{id}',
  reconstructedSlice: 'v1/sessions/{sessionId}/reconstructed-images/{id}/slices/{index}',
  reconstructedKSpace: 'v1/sessions/{sessionId}/reconstructed-images/{id}/kspace/{index}',
  anatomicalModel: 'v1/anatomical-models/{userId}/single/{modelId}',
  tissueConfiguration: 'v1/tissue-characteristics/{labId}/configuration',
  tissueReset: 'v1/tissue-characteristics/{labId}/reset-configuration',
  tissueEdit: 'v1/tissue-characteristics/configuration',
} as const;

// ---------------------------------------------------------------- constants (simulator.md §4, §9)

/** Idle time before the Inactivity notice [ms] (simulator.md §9). */
export const SESSION_IDLE_TIMEOUT_MS = 600_000;
/** The Inactivity notice's countdown [s] (simulator.md §4). */
export const SESSION_IDLE_COUNTDOWN_S = 300;
/** A session without keepalive for this long is closed by the server [ms]: idle time plus countdown. */
export const SESSION_REAP_AFTER_MS = SESSION_IDLE_TIMEOUT_MS + SESSION_IDLE_COUNTDOWN_S * 1_000;
/** Active sessions one user may hold at once (v2/sessions/max-allowed). */
export const SESSION_MAX_ACTIVE = 3;
/**
 * Scans one user may have queued or running at once, across all their sessions (issue 19.2); a further run
 * answers 429. A student compares a handful of contrasts of one region at a time (T1, T2, PD, FLAIR): four
 * covers that, while one user's backlog stays small next to the scan threads every other user shares.
 */
export const MAX_ACTIVE_SCANS_PER_USER = 4;
/** Most pulse sequences one session holds, and most created by one pulse-sequences-many call. */
export const SESSION_PULSE_SEQUENCES_MAX = 200;
export const PULSE_SEQUENCES_MANY_MAX = 20;
/**
 * Most collections ("Scan N") one session holds: a long clinical examination has a few dozen series, each
 * collection at least one of the session's SESSION_PULSE_SEQUENCES_MAX pulse sequences.
 */
export const SESSION_COLLECTIONS_MAX = 50;
/**
 * Most event streams (v1/sessions/{sessionId}/events) one user holds open at once on an API process: a
 * simulator tab per active session (SESSION_MAX_ACTIVE), their tools' tabs, and a reconnect that overlaps the
 * stream it replaces. One more answers 429.
 */
export const SESSION_EVENT_STREAMS_PER_USER_MAX = 10;
/** Longest pulse-sequence or collection name [characters]. */
export const PULSE_SEQUENCE_NAME_MAX_LENGTH = 100;
/** Patient weight [kg] (simulator.md §9: dose = concentration × volume / 80). */
export const PATIENT_WEIGHT_KG = 80;
/** Whole-body isocenter choices [cm] (simulator.md §9); default 180. */
export const WHOLE_BODY_ISOCENTER_CHOICES_CM = [180, 140, 100, 60, 20] as const;
/** Region isocenters [cm from the soles] (simulator.md §9), by region name. */
export const REGION_ISOCENTERS_CM: Readonly<Record<string, number>> = {
  Spine: 130,
  Abdomen: 130,
  'Left shoulder and elbow': 134,
  Pelvis: 88,
  'Left hand': 93,
  'Right knee': 60,
  'Right foot': 11,
};
/**
 * Ranges of the numeric patient settings (simulator.md §5), in the units of SESSION_CONFIGURATION_VALUES:
 * motion_rot_angle [degrees, integer], frequencies [Hz], motion_trans_magn [m], defaultCardiacPhase [1–20],
 * contrast_volume [ml], time_after_contrast [min].
 */
export const PATIENT_SETTING_RANGES = {
  motion_rot_angle: { min: 1, max: 45, step: 1 },
  motion_rot_freq: { min: 1, max: 10, step: 0.5 },
  motion_trans_magn: { min: 0.001, max: 0.1, step: 0.001 },
  motion_trans_freq: { min: 1, max: 10, step: 0.5 },
  defaultCardiacPhase: { min: 1, max: 20, step: 1 },
  contrast_volume: { min: 1, max: 30, step: 1 },
  time_after_contrast: { min: 1, max: 20, step: 1 },
} as const;
/** Default cardiac phases from this one to the last are treated as end-diastole (simulator.md §5). */
export const END_DIASTOLE_FIRST_PHASE = 17;

// ---------------------------------------------------------------- configuration (simulator.md §3, §5)

const flag = z.union([z.literal(0), z.literal(1)]);
const choice = <T extends readonly number[]>(choices: T) =>
  z.number().refine((v) => choices.includes(v), { message: `One of ${choices.join(', ')}` });
const inRange = (name: keyof typeof PATIENT_SETTING_RANGES) =>
  z.number().min(PATIENT_SETTING_RANGES[name].min).max(PATIENT_SETTING_RANGES[name].max);

/**
 * The configuration names the server knows, with the values each takes (ranges of simulator.md §5 and §9).
 * Units as the simulator shows them: isocenter [cm], b0field [T], maxGr [mT/m], motion_trans_magn [m],
 * frequencies [Hz], motion_rot_angle [degrees], contrast_volume [ml], time_after_contrast [min],
 * contrast_concentration [mmol/ml], contrast_scan_delay [s]. The numeric `id` of each is its position here, from 1 (stable: new names
 * are appended).
 */
export const SESSION_CONFIGURATION_VALUES = {
  isocenter: choice(WHOLE_BODY_ISOCENTER_CHOICES_CM),
  selected_region: z.number().int().min(0).max(1_000),
  b0field: choice(B0_FIELD_CHOICES_T),
  maxGr: choice(MAX_GRADIENT_CHOICES_MT_PER_M),
  coil: textSchema.trim().min(1).max(64),
  noise: choice(NOISE_LEVELS),
  motion: z.enum(MOTION_TYPES),
  motion_rot_angle: inRange('motion_rot_angle').int(),
  motion_rot_freq: inRange('motion_rot_freq'),
  motion_trans_magn: inRange('motion_trans_magn'),
  motion_trans_freq: inRange('motion_trans_freq'),
  motion_trans_axis: z.union([z.literal(1), z.literal(2)]),
  activate_contrast: flag,
  contrast_concentration: choice(CONTRAST_CONCENTRATION_CHOICES_MMOL_PER_ML),
  contrast_volume: inRange('contrast_volume'),
  time_after_contrast: inRange('time_after_contrast'),
  defaultCardiacPhase: inRange('defaultCardiacPhase').int(),
  breathingMode: z.enum(PRESET_BREATHING_MODES),
  brainStateMode: z.enum(PRESET_BRAIN_CONDITIONS),
  heartCondition: z.enum(PRESET_HEART_CONDITIONS),
  physiologicalMotion: flag,
  activate_cs: flag,
  susceptibility: flag,
  t2Star: flag,
  customTissueMagneticProperties: flag,
  overwrite_simulation_settings: flag,
  gridSizeOption: z.enum(['0', '1mm', '0p5mm', 'optional']),
  slice_box_view: flag,
  text_on_viewers: flag,
  active_intersections: flag,
  show_tissue_hover: flag,
  ecgGraph: flag,
  distance_unit: z.enum(['mm', 'cm']),
  time_unit: z.enum(['ms', 's']),
  advanced_notifications: flag,
  /**
   * Bolus timing (timing-bolus tool, issue 13): seconds from the start of the injection to the start of the
   * next contrast-enhanced scan; 0 leaves the scan at time_after_contrast (minutes, the late phase).
   */
  contrast_scan_delay: z.number().min(0).max(120),
} as const;

export type SessionConfigurationName = keyof typeof SESSION_CONFIGURATION_VALUES;
export const SESSION_CONFIGURATION_NAMES = Object.keys(
  SESSION_CONFIGURATION_VALUES,
) as SessionConfigurationName[];
/** Names still in beta (shown with a badge). */
export const BETA_CONFIGURATION_NAMES: readonly SessionConfigurationName[] = [
  'activate_cs',
  'gridSizeOption',
];
/**
 * What the `cpusim` backend refuses (simulator.md §6: scanner settings, physiological motion, chemical shift,
 * susceptibility, T2* and similar controls): the fast engine cannot honour them.
 */
export const CPUSIM_REFUSED_CONFIGURATION: readonly SessionConfigurationName[] = [
  'b0field',
  'maxGr',
  'physiologicalMotion',
  'breathingMode',
  'activate_cs',
  'susceptibility',
  't2Star',
  'overwrite_simulation_settings',
  'gridSizeOption',
  // simulator.md §2: the ECG item is disabled on the CPU simulator.
  'ecgGraph',
];

/** The numeric id of a configuration name (its position from 1), or undefined. */
export function configurationIdOf(name: string): number | undefined {
  const index = SESSION_CONFIGURATION_NAMES.indexOf(name as SessionConfigurationName);
  return index < 0 ? undefined : index + 1;
}

export const configurationValueSchema = z.union([z.number(), textSchema.max(64), z.boolean()]);
export type ConfigurationValue = z.infer<typeof configurationValueSchema>;

/** A configuration item (simulator.md §3). */
export const configurationItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  selectedValue: configurationValueSchema,
  inBeta: z.boolean(),
  /** The module fixes it (a locked preset): changing it answers 400. */
  locked: z.boolean(),
});
export type ConfigurationItem = z.infer<typeof configurationItemSchema>;

/** POST v1/sessions/{sessionId}/configuration: `configurationId` is the numeric id or the name. */
export const configurationChangeSchema = z.object({
  configurationId: z.union([z.number().int().positive(), textSchema.min(1).max(64)]),
  value: configurationValueSchema,
});
export type ConfigurationChange = z.infer<typeof configurationChangeSchema>;

// ---------------------------------------------------------------- sessions

export const sessionIdParamsSchema = z.object({ sessionId: idSchema });
export const sessionItemParamsSchema = z.object({ sessionId: idSchema, id: idSchema });

/** POST v1/sessions. `instanceId` (non-production only) names the simulator instance to attach to. */
export const sessionCreateSchema = z.object({
  labId: idSchema,
  programId: idSchema,
  instanceId: textSchema.trim().min(1).max(64).optional(),
});
export type SessionCreate = z.infer<typeof sessionCreateSchema>;

/** A session (simulator.md §3). */
export const sessionSchema = z.object({
  id: z.string(),
  programId: z.string(),
  labId: z.string(),
  backend: simulatorBackendSchema,
  instanceId: z.string().nullable(),
  createdAt: timestampSchema,
  lastKeepaliveAt: timestampSchema,
  closedAt: timestampSchema.nullable(),
  /**
   * Opened on the free plan (its limits apply to every PATCH and run: @larmor/mri `validateFreePlan`), so the
   * parameter panel shows them before the user types (`planDefinitions`).
   */
  freePlan: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const regionSchema = z.object({ id: z.number().int(), name: z.string() });
export const coilSchema = z.object({ unique_name: z.string(), shown_name: z.string() });
export type Coil = z.infer<typeof coilSchema>;

/** Spatials of a pulse sequence: its slice-stack geometry (patient coordinates, LPS) [m, rad]. */
export const spatialsSchema = sliceGeometrySchema;
export type Spatials = z.infer<typeof spatialsSchema>;

/** Parameters of a pulse sequence: @larmor/mri `Protocol` without family and geometry, SI units. */
export const sequenceParametersSchema = protocolSchema.omit({ family: true, geometry: true });
export type SequenceParameters = z.infer<typeof sequenceParametersSchema>;

/** A scan of a pulse sequence: one acquisition with its own noise seed. */
export const scanSummarySchema = z.object({
  id: z.string(),
  /** The scan's series number in its session ("Se 2"): every run is a new series, 1, 2, … in run order. */
  seriesNumber: z.number().int().min(1),
  status: scanStatusSchema,
  /** 0–100. */
  progress: z.number().min(0).max(100),
  errorMessage: z.string().nullable(),
  createdAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
});
export type ScanSummary = z.infer<typeof scanSummarySchema>;

/** A pulse sequence in a session. */
export const pulseSequenceSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  collectionId: z.string(),
  /** The scheme (sequence-type code). */
  pulseSequenceSchemeId: z.number().int(),
  name: z.string(),
  /** Position in the session, from 1; lists are sorted by it. */
  seqnum: z.number().int(),
  family: z.string(),
  parameters: sequenceParametersSchema,
  spatials: spatialsSchema,
  /** Its latest scan's status, or `runnable` when it has none or was changed since. */
  status: scanStatusSchema,
  lastScan: scanSummarySchema.nullable(),
  updatedAt: timestampSchema,
});
export type PulseSequence = z.infer<typeof pulseSequenceSchema>;
export const pulseSequenceListSchema = z.array(pulseSequenceSchema);

/** A pulse-sequence collection ("Scan N"). */
export const collectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  createdAt: timestampSchema,
});
export type Collection = z.infer<typeof collectionSchema>;
export const collectionListSchema = z.array(collectionSchema);
/** POST v2/sessions/{sessionId}/pulse-sequences/collections; without a name the next "Scan N". */
export const collectionCreateSchema = z.object({
  name: textSchema.trim().min(1).max(PULSE_SEQUENCE_NAME_MAX_LENGTH).optional(),
});

/** POST v1/sessions/{sessionId}/pulse-sequences: defaults of the scheme for this session's scanner. */
export const pulseSequenceCreateSchema = z.object({
  pulseSequenceSchemeId: z.number().int(),
  name: textSchema.trim().min(1).max(PULSE_SEQUENCE_NAME_MAX_LENGTH),
  collectionId: idSchema,
});
export type PulseSequenceCreate = z.infer<typeof pulseSequenceCreateSchema>;
/** POST v1/sessions/{sessionId}/pulse-sequences-many: several at once, all or none. */
export const pulseSequencesManySchema = z.object({
  pulseSequences: z.array(pulseSequenceCreateSchema).min(1).max(PULSE_SEQUENCES_MANY_MAX),
});
/** PATCH v1/sessions/{sessionId}/pulse-sequences/{id}: 400 with a validation map when a limit is broken. */
export const pulseSequencePatchSchema = z.object({
  name: textSchema.trim().min(1).max(PULSE_SEQUENCE_NAME_MAX_LENGTH).optional(),
  parameters: sequenceParametersSchema.partial().strict().optional(),
  spatials: spatialsSchema.optional(),
});
export type PulseSequencePatch = z.infer<typeof pulseSequencePatchSchema>;
/** POST …/move: the new seqnum (1 = first); the others shift. */
export const pulseSequenceMoveSchema = z.object({ position: z.number().int().min(1) });

/** The active-session payload (simulator.md §3), GET v1/sessions/{sessionId} and POST v1/sessions. */
export const activeSessionSchema = z.object({
  session: sessionSchema,
  configuration: z.array(configurationItemSchema),
  course: z.object({ id: z.string() }),
  lab: z.object({ id: z.string(), name: z.string(), anatomicalModelId: z.number().int() }),
  regions: z.array(regionSchema),
  scoutImages: z.array(z.object({ id: z.string(), orientation: z.string() })),
  /** Sorted by seqnum; only those of `pulseSequenceCollectionId` when the query names one. */
  pulseSequences: pulseSequenceListSchema,
  collections: collectionListSchema,
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionQuerySchema = z.object({ pulseSequenceCollectionId: idSchema.optional() });

export const instanceStateSchema = z.object({
  state: z.enum(['running', 'closed']),
  /** Seconds left before the server closes the session for lack of keepalive. */
  expiresInS: z.number(),
});
export const maxAllowedSchema = z.object({ maxAllowed: z.number().int(), active: z.number().int() });
/** GET me/active-sessions/{labId}/excluded: the caller's active sessions other than for this lab. */
export const activeSessionsExcludedSchema = z.array(sessionSchema);

// ---------------------------------------------------------------- schemes and library

export const activeSchemaSchema = sequenceTypeSchema.extend({ id: z.number().int() });
export const activeSchemasSchema = z.array(activeSchemaSchema);

/** One parameter's limits on a scanner: `min`/`max`/`step` in its SI `unit`, and why the bounds are where they are. */
export const parameterOptionSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  min: z.number(),
  max: z.number(),
  step: z.number(),
  minReason: z.string(),
  maxReason: z.string(),
});
export const libraryParameterValuesSchema = z.object({
  parameterValues: sequenceParametersSchema,
  parameterOptions: z.array(parameterOptionSchema),
  spatials: spatialsSchema,
});
export const libraryParameterParamsSchema = z.object({
  a: z.coerce.number().int(),
  b: z.coerce.number().int(),
});
export const libraryConfigurationSchema = z.object({
  schemeId: z.number().int(),
  family: z.string(),
  parameterOptions: z.array(parameterOptionSchema),
});
export const schemeParamsSchema = z.object({ sessionId: idSchema, id: z.coerce.number().int() });

// ---------------------------------------------------------------- models and tissues

export const anatomicalModelParamsSchema = z.object({
  userId: idSchema,
  modelId: z.coerce.number().int().positive(),
});
/** Anatomical model (simulator.md §3). */
export const anatomicalModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  features: z.array(z.string()),
  regions: z.array(regionSchema),
  coils: z.array(coilSchema),
  /** The @larmor/mri model it is built from (`buildModel`): a variant (contrast, timing bolus) names its base. */
  engineModelId: z.number().int().optional(),
});

/** A tissue characteristic (simulator.md §3): `id` is the tissue key; t1 and t2 [ms] at the session's field. */
export const tissueCharacteristicSchema = z.object({
  id: z.string(),
  type: z.string(),
  t1: z.number(),
  t2: z.number(),
  /** Differs from the library's value (an override of the module, or of the session). */
  overridden: z.boolean(),
  /** The module's proton density (0–1], when it sets one; absent: the library's. */
  pd: z.number().optional(),
  /** The module's T2* [ms] when it sets one and the session has not changed T2; absent: from T2 and R2′. */
  t2star: z.number().optional(),
});
export const tissueConfigurationSchema = z.array(tissueCharacteristicSchema);
/**
 * POST v1/tissue-characteristics/configuration: a teacher's edit changes the module; a student's edit with
 * `session_id` changes only that session. t1 and t2 [ms].
 */
export const tissueEditSchema = z.object({
  tissue_characteristic_id: textSchema.trim().min(1).max(64),
  lab_id: idSchema,
  session_id: idSchema.optional(),
  t1: z.number().positive().max(10_000),
  t2: z.number().positive().max(5_000),
});
export const tissueLabParamsSchema = z.object({ labId: idSchema });
export const tissueQuerySchema = z.object({ sessionId: idSchema.optional() });
