/**
 * What a module (lab) fixes before a student opens the simulator: preset values of the session
 * configuration (simulator.md §3 "Known configuration names", with the ranges of §5 and §9), which of them the
 * student may not change (locked), and tissue overrides (the tissue characteristics page's T1 and T2).
 */
import { z } from 'zod';
import { textSchema } from './common.ts';

/** Field strengths the scanner offers [T] (simulator.md §9). */
export const B0_FIELD_CHOICES_T = [0.25, 0.31, 0.4, 0.55, 1.5, 3] as const;
/** Gradient limits the scanner offers [mT/m] (simulator.md §9). */
export const MAX_GRADIENT_CHOICES_MT_PER_M = [33, 45, 60, 80] as const;
/** Noise levels: 0 Off, 1 Low, 2 Medium, 3 High (simulator.md §9). */
export const NOISE_LEVELS = [0, 1, 2, 3] as const;
/** Contrast formulations [mmol/ml] (simulator.md §5). */
export const CONTRAST_CONCENTRATION_CHOICES_MMOL_PER_ML = [1, 0.5] as const;
export const MOTION_TYPES = ['none', 'translational', 'rotational'] as const;
export const PRESET_BRAIN_CONDITIONS = [
  'healthy',
  'mildMSlesions',
  'moderateMSlesions',
  'severeMSlesions',
  'tumor',
] as const;
export const PRESET_HEART_CONDITIONS = ['healthy', 'myocardialInfarction'] as const;
export const PRESET_BREATHING_MODES = [
  'breathhold_full_exhale',
  'breathhold_full_inhale',
  'free_breathing',
] as const;

const oneOf = <T extends readonly number[]>(choices: T, rule: string) =>
  z
    .number()
    .refine((v) => choices.includes(v), { message: `One of ${choices.join(', ')}`, params: { rule } });

/**
 * Preset configuration values, by the spec's configuration names; each is optional (absent: the simulator's
 * default). Units as the simulator shows them: b0field [T], maxGr [mT/m], motion_trans_magn [m],
 * frequencies [Hz], motion_rot_angle [degrees], contrast_volume [ml], time_after_contrast [min].
 */
export const labPresetsSchema = z
  .object({
    b0field: oneOf(B0_FIELD_CHOICES_T, 'b0field'),
    maxGr: oneOf(MAX_GRADIENT_CHOICES_MT_PER_M, 'maxGr'),
    coil: textSchema.trim().min(1).max(64),
    noise: oneOf(NOISE_LEVELS, 'noise'),
    motion: z.enum(MOTION_TYPES),
    motion_rot_angle: z.number().int().min(1).max(45),
    motion_rot_freq: z.number().min(1).max(10),
    motion_trans_magn: z.number().min(0.001).max(0.1),
    motion_trans_freq: z.number().min(1).max(10),
    motion_trans_axis: z.union([z.literal(1), z.literal(2)]),
    activate_contrast: z.boolean(),
    /** The field map of air, bone and metal (Bloch backend only): susceptibility, T2* and EPI distortion show. */
    susceptibility: z.boolean(),
    contrast_concentration: oneOf(CONTRAST_CONCENTRATION_CHOICES_MMOL_PER_ML, 'contrast_concentration'),
    contrast_volume: z.number().min(1).max(30),
    time_after_contrast: z.number().min(1).max(20),
    brainStateMode: z.enum(PRESET_BRAIN_CONDITIONS),
    heartCondition: z.enum(PRESET_HEART_CONDITIONS),
    breathingMode: z.enum(PRESET_BREATHING_MODES),
    defaultCardiacPhase: z.number().int().min(1).max(20),
  })
  .partial()
  .strict();
export type LabPresets = z.infer<typeof labPresetsSchema>;

/** The configuration names a preset may set (and a module may lock). */
export const LAB_PRESET_NAMES = Object.keys(labPresetsSchema.shape) as (keyof LabPresets)[];
export const labPresetNameSchema = z.enum(LAB_PRESET_NAMES as [keyof LabPresets, ...(keyof LabPresets)[]]);
export type LabPresetName = z.infer<typeof labPresetNameSchema>;

/** Longest tissue key [characters]; most overrides per module. */
export const TISSUE_KEY_MAX_LENGTH = 64;
export const TISSUE_OVERRIDES_MAX = 64;

/**
 * One tissue's relaxation times (and optionally proton density and T2*) for this module, in place of the
 * library's values at the module's field strength. `tissue` is a tissue key of `@larmor/mri` (e.g. `csf`, `whiteMatter`); the server checks it.
 */
export const tissueOverrideSchema = z.object({
  tissue: textSchema.trim().min(1).max(TISSUE_KEY_MAX_LENGTH),
  /** Longitudinal relaxation time [ms]. */
  t1Ms: z.number().positive().max(10_000),
  /** Transverse relaxation time [ms]; never longer than T1. */
  t2Ms: z.number().positive().max(5_000),
  /** Proton density relative to pure water (0–1]; absent: the library's. */
  pd: z.number().positive().max(1).optional(),
  /** Effective transverse relaxation time T2* [ms], never longer than T2; absent: from T2 and the tissue's R2′. */
  t2StarMs: z.number().positive().max(5_000).optional(),
});
export type TissueOverride = z.infer<typeof tissueOverrideSchema>;

export const tissueOverridesSchema = z
  .array(tissueOverrideSchema)
  .max(TISSUE_OVERRIDES_MAX)
  .refine((list) => new Set(list.map((o) => o.tissue)).size === list.length, {
    message: 'A tissue appears twice',
    params: { rule: 'unique' },
  })
  .refine((list) => list.every((o) => o.t2Ms <= o.t1Ms), {
    message: 'T2 cannot be longer than T1',
    params: { rule: 't2_le_t1' },
  })
  .refine((list) => list.every((o) => o.t2StarMs === undefined || o.t2StarMs <= o.t2Ms), {
    message: 'T2* cannot be longer than T2',
    params: { rule: 't2star_le_t2' },
  });

/** Simulator back ends (simulator.md §3): `cpusim` the fast k-space engine, `censol` the Bloch engine. */
export const SIMULATOR_BACKENDS = ['cpusim', 'censol'] as const;
export const simulatorBackendSchema = z.enum(SIMULATOR_BACKENDS);
export type SimulatorBackend = z.infer<typeof simulatorBackendSchema>;

/**
 * Each engine in the words a teacher uses (issue 21.7), with one sentence on what it can show; the API keeps the
 * spec's `cpusim`/`censol`, and no screen shows them. What the real-time one leaves at defaults is sessions.ts
 * `CPUSIM_REFUSED_CONFIGURATION`.
 */
export const SIMULATOR_BACKEND_WORDS: Readonly<Record<SimulatorBackend, { name: string; shows: string }>> = {
  cpusim: {
    name: 'Real-time simulator',
    shows:
      'A new image follows each change at once, showing how contrast, noise, resolution and wrap-around follow ' +
      'the parameters; field strength, breathing and heart motion, chemical shift, susceptibility and T2* ' +
      'settings stay at their defaults.',
  },
  censol: {
    name: 'Full Bloch simulation (slower, exact)',
    shows:
      'Every spin is followed through the pulses and gradients, so it also shows field strength, breathing and ' +
      'heart motion, chemical shift, susceptibility and T2* effects, and exact slice profiles; a scan takes longer.',
  },
};
