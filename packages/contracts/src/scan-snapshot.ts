/**
 * The scan snapshot (DESIGN.md §1 jobs/, §7): what a scan job carries across a thread or a machine, as plain
 * data. It is @larmor/mri's `ScanSnapshot` (simulate/snapshot.ts); a server test checks that the type inferred
 * here is exactly that one. These schemas check shape and units only (SI: s, m, rad, Hz, T); the physics limits
 * of a protocol on a scanner are `validateProtocol`'s.
 */
import { z } from 'zod';
import { SIMULATOR_BACKENDS, TISSUE_KEY_MAX_LENGTH } from './lab-presets.ts';

/** Pulse-sequence families of @larmor/mri (sequence/protocol.ts `SEQUENCE_FAMILIES`). */
export const SEQUENCE_FAMILY_NAMES = [
  'SE',
  'TSE',
  'GRE',
  'bSSFP',
  'IR',
  'STIR',
  'FLAIR',
  'MPRAGE',
  'GRE-EPI',
  'SE-EPI',
  'DWI',
  'Dixon',
  'SWI',
  'MOLLI',
] as const;

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const nonNegative = finite.refine((v) => v >= 0, 'must be ≥ 0');
const positive = finite.refine((v) => v > 0, 'must be > 0');
const count = z.number().int().min(1);
/** Isochromats per pixel a snapshot may ask for (the T2* setting uses 89: @larmor/mri T2_STAR_ISOCHROMATS). */
const MAX_ISOCHROMATS = 128;
/** Isochromats per pixel through the slice a snapshot may ask for (@larmor/mri SLICE_ISOCHROMATS is 4). */
const MAX_SLICE_ISOCHROMATS = 64;
const vec3 = z.tuple([finite, finite, finite]).readonly();
/**
 * Most echo times of one multi-echo protocol: a clinical multi-echo GRE (T2* or QSM mapping, SWI) takes up to
 * about 16 echoes, Dixon 2 or 3 (reference/simulator-console-research.md); the rest is headroom.
 */
export const PROTOCOL_ECHO_TIMES_MAX = 32;
/**
 * Most b-values of one DWI protocol: a clinical DWI takes 2–4 (b 0, 500, 1000 s/mm²), an IVIM or kurtosis
 * protocol up to about 10–16.
 */
export const PROTOCOL_B_VALUES_MAX = 16;

/** Largest tilt of a slice stack about its row or column direction [rad] (45°; @larmor/mri `SLICE_TILT_MAX`). */
export const SLICE_TILT_MAX_RAD = Math.PI / 4;
/** A tilt of the stack [rad], within ±45° (a bad one answers `{field: 'min' | 'max'}`). */
const tilt = finite.min(-SLICE_TILT_MAX_RAD).max(SLICE_TILT_MAX_RAD);

/**
 * Slice geometry in patient coordinates (LPS) [m]; rotation about the stack normal, then tilts about its row and
 * its column direction [rad] (an oblique or double-oblique stack; absent = 0: docs/conventions.md).
 */
export const sliceGeometrySchema = z.object({
  orientation: z.enum(['axial', 'sagittal', 'coronal']),
  center: vec3,
  rotation: finite.optional(),
  tiltAboutRow: tilt.optional(),
  tiltAboutColumn: tilt.optional(),
});

/** The parameters of one scan in SI units (@larmor/mri `Protocol`). */
export const protocolSchema = z.object({
  family: z.enum(SEQUENCE_FAMILY_NAMES),
  repetitionTime: positive,
  echoTime: nonNegative,
  inversionTime: nonNegative.optional(),
  flipAngle: nonNegative,
  echoTrainLength: count,
  bandwidthPerPixel: positive,
  fovRead: positive,
  fovPhase: positive,
  matrixRead: count,
  matrixPhase: count,
  sliceThickness: positive,
  sliceGap: nonNegative,
  sliceCount: count,
  geometry: sliceGeometrySchema,
  phaseDirection: z.enum(['row', 'column']),
  nex: count,
  phaseOversampling: nonNegative,
  fatSaturation: z.boolean(),
  partialFourier: positive.refine((v) => v <= 1, 'must be ≤ 1'),
  /** Diffusion weightings [s/m²]: DWI only (@larmor/mri validateProtocol refuses them elsewhere). */
  bValues: z.array(nonNegative).max(PROTOCOL_B_VALUES_MAX).readonly().optional(),
  /** Echo times of a multi-echo GRE, Dixon or SWI [s] (@larmor/mri MULTI_ECHO_FAMILIES). */
  echoTimes: z.array(nonNegative).max(PROTOCOL_ECHO_TIMES_MAX).readonly().optional(),
  is3d: z.boolean().optional(),
  echoSpacing: positive.optional(),
  refocusingFlipAngle: nonNegative.optional(),
});

/** The scanner a protocol runs on: B0 [T], gradient [T/m], slew [T/m/s], receive coil of the model. */
export const scannerSchema = z.object({
  b0: positive,
  maxGradient: positive,
  maxSlewRate: positive,
  coil: z.string().min(1).max(64),
});

/** Patient motion (@larmor/mri `Motion`): amplitude [m] or [rad], frequency [Hz], unit direction (LPS). */
export const motionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('translation'), amplitude: positive, frequency: positive, direction: vec3 }),
  z.object({ kind: z.literal('rotation'), amplitude: positive, frequency: positive }),
]);

/** The model and its condition (spellings of simulator.md §3). */
export const snapshotModelSchema = z.object({
  id: z.number().int().min(1),
  brainCondition: z
    .enum(['healthy', 'mildMSlesions', 'moderateMSlesions', 'severeMSlesions', 'tumor'])
    .optional(),
  heartCondition: z.enum(['healthy', 'myocardialInfarction']).optional(),
  cardiacPhase: z.number().int().min(1).max(20).optional(),
  breathingMode: z.enum(['breathhold_full_exhale', 'breathhold_full_inhale', 'free_breathing']).optional(),
});

/** Simulation settings (@larmor/mri `SnapshotSimulation`). */
export const snapshotSimulationSchema = z.object({
  noiseLevel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  receive: z.enum(['array', 'single']).optional(),
  prescanNormalize: z.boolean().optional(),
  partialFourierMode: z.enum(['zeroFill', 'homodyne']).optional(),
  motion: motionSchema.optional(),
  susceptibility: z.boolean().optional(),
  isochromats: z.number().int().min(1).max(MAX_ISOCHROMATS).optional(),
  sliceIsochromats: z.number().int().min(1).max(MAX_SLICE_ISOCHROMATS).optional(),
  chunksPerSlice: z.number().int().min(1).max(1024).optional(),
  /** Gadolinium given before the scan (@larmor/mri `SnapshotContrast`). */
  contrast: z
    .object({
      concentrationMmolPerMl: positive,
      volumeMl: positive,
      secondsAfterInjection: nonNegative,
      firstPass: z.boolean(),
    })
    .optional(),
});

/**
 * One tissue's values replacing the library's, SI units (@larmor/mri `TissueOverrides`; the API's lab form in
 * ms is lab-presets.ts `tissueOverrideSchema`).
 */
export const tissueValuesSchema = z.object({
  pd: nonNegative.optional(),
  t1: positive.optional(),
  t2: positive.optional(),
  t2star: positive.optional(),
  adc: nonNegative.optional(),
  chemicalShiftPpm: finite.optional(),
  susceptibilityPpm: finite.optional(),
});

/** A scan as plain data: the same snapshot always gives the same images. */
export const scanSnapshotSchema = z.object({
  /** The session's backend (lab-presets.ts): `cpusim` the fast engine, `censol` the Bloch engine. */
  engine: z.enum(SIMULATOR_BACKENDS),
  model: snapshotModelSchema,
  protocol: protocolSchema,
  scanner: scannerSchema,
  simulation: snapshotSimulationSchema,
  tissueOverrides: z.record(z.string().min(1).max(TISSUE_KEY_MAX_LENGTH), tissueValuesSchema),
  /** Seed of the scan's noise, an unsigned 32-bit integer. */
  seed: z.number().int().min(0).max(0xffffffff),
});

export type ScanSnapshotBody = z.infer<typeof scanSnapshotSchema>;
export type ProtocolBody = z.infer<typeof protocolSchema>;
