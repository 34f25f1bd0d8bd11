import type { Hertz, Meters, Radians, Seconds, Tesla, TeslaPerMeter, Vec3 } from '../units.ts';

/** Pulse-sequence families the scanner offers (DESIGN.md §3; issue "Scanner physics, part 1"). */
export const SEQUENCE_FAMILIES = [
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
export type SequenceFamily = (typeof SEQUENCE_FAMILIES)[number];

export type SliceOrientation = 'axial' | 'sagittal' | 'coronal';
/** Phase-encoding direction within the slice plane. */
export type PhaseDirection = 'row' | 'column';

/** Slice geometry of a protocol in patient coordinates (LPS) [m]. */
export interface SliceGeometry {
  orientation: SliceOrientation;
  /** Centre of the slice stack [m]. */
  center: Vec3;
  /** Optional in-plane rotation of the stack about its normal [rad]. */
  rotation?: Radians;
  /**
   * Optional tilt of the stack about its row direction, after the in-plane rotation [rad]: right-handed, so a
   * positive tilt turns the column direction towards the normal (an oblique stack; absent = 0). Within
   * ±SLICE_TILT_MAX (simulate/geometry.ts, docs/conventions.md "Oblique stacks").
   */
  tiltAboutRow?: Radians;
  /**
   * Optional tilt about the stack's column direction after the row tilt [rad]: right-handed, a positive tilt turns
   * the normal towards the row direction (with `tiltAboutRow`, a double-oblique stack; absent = 0).
   */
  tiltAboutColumn?: Radians;
}

/**
 * Largest tilt of a slice stack about its row or column direction [rad] (45°): beyond it another base orientation
 * is the nearer one (consoles name an oblique plane after its nearest axis, "Tra>Cor"), so the stack is planned
 * from that orientation instead.
 */
export const SLICE_TILT_MAX: Radians = Math.PI / 4;

/**
 * The parameters of one scan, all SI. Every family reads the fields it needs; the others are ignored
 * (e.g. `inversionTime` only by IR, STIR, FLAIR, MPRAGE and MOLLI).
 */
export interface Protocol {
  family: SequenceFamily;
  /** Repetition time [s]. */
  repetitionTime: Seconds;
  /** Echo time [s] (effective TE for echo trains: the echo that fills the k-space centre). */
  echoTime: Seconds;
  /** Inversion time [s]. */
  inversionTime?: Seconds;
  /** Excitation flip angle [rad]. */
  flipAngle: Radians;
  /** Echoes per excitation (TSE/EPI); 1 otherwise. */
  echoTrainLength: number;
  /** Receiver bandwidth per pixel [Hz/pixel]. */
  bandwidthPerPixel: Hertz;
  /** Field of view along readout and phase [m]. */
  fovRead: Meters;
  fovPhase: Meters;
  /** Acquired matrix along readout and phase. */
  matrixRead: number;
  matrixPhase: number;
  /** Slice thickness and gap between slices [m]. */
  sliceThickness: Meters;
  sliceGap: Meters;
  sliceCount: number;
  geometry: SliceGeometry;
  phaseDirection: PhaseDirection;
  /** Number of excitations (averages). */
  nex: number;
  /** Phase oversampling as a fraction (0 = none, 1 = 100 %). */
  phaseOversampling: number;
  fatSaturation: boolean;
  /** Fraction of phase-encoding lines acquired (0.5–1]; 1 = full k-space. */
  partialFourier: number;
  /** Diffusion weightings [s/m²] (DWI only). */
  bValues?: readonly number[];
  /** Echo times of a multi-echo acquisition [s] (Dixon, SWI). */
  echoTimes?: readonly Seconds[];
  /** 3D acquisition (MPRAGE, SWI): slices become partitions. */
  is3d?: boolean;
  /**
   * Time between successive echoes of a train [s]: TSE refocusing interval, EPI line interval, or the GRE
   * repetition inside an MP-RAGE / MOLLI readout. Absent: the minimum for this protocol on the reference
   * scanner (sequence/timing.ts).
   */
  echoSpacing?: Seconds;
  /**
   * Refocusing flip angle of spin echoes [rad]; absent: π. Lower angles cut SAR; a single spin echo keeps
   * sin²(β/2) of its signal, echo trains are modelled as ideally refocused (sequence/signal.ts).
   */
  refocusingFlipAngle?: Radians;
}

/** The scanner a protocol runs on. */
export interface Scanner {
  /** Main field [T]. */
  b0: Tesla;
  /** Maximum gradient amplitude [T/m]. */
  maxGradient: TeslaPerMeter;
  /** Maximum slew rate [T/m/s]. */
  maxSlewRate: number;
  /** Receive coil `unique_name` of the model. */
  coil: string;
}

/** What a pulse sequence stores beside its family and stack geometry: the rest of its protocol. */
export type ProtocolParameters = Omit<Protocol, 'family' | 'geometry'>;

/** The protocol of a family, its stored parameters and its stack geometry (the sequence's spatials). */
export function protocolOf(
  family: SequenceFamily,
  parameters: ProtocolParameters,
  geometry: SliceGeometry,
): Protocol {
  return { ...parameters, family, geometry };
}
