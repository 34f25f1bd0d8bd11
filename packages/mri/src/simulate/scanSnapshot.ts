/**
 * A scan as plain data (DESIGN.md §1 jobs/, §7), its parts and their outputs: the types snapshot.ts runs and
 * snapshotBloch.ts fills, kept apart from both so that neither imports the other for them.
 */
import type { BrainCondition, BreathingMode, HeartCondition } from '../anatomy/conditions.ts';
import type { PartialFourierMode } from '../recon/partialFourier.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import type { TissueOverrides } from '../tissue/library.ts';
import type { TissueKey } from '../tissue/types.ts';
import type { BlochSignal } from './bloch/scan.ts';
import type { KernelFactory } from './bloch/kernels.ts';
import type { FieldMap3d } from './fieldMap.ts';
import type { ScanGeometry } from './geometry.ts';
import type { Motion } from './motion.ts';
import type { NoiseLevel } from './noise.ts';
import type { StopCheck } from './stop.ts';
import type { SliceCache } from './sliceCache.ts';

/** The engine a session's backend names: `cpusim` the fast tissue-decomposed engine, `censol` the Bloch engine. */
export const SCAN_ENGINES = ['cpusim', 'censol'] as const;
export type ScanEngine = (typeof SCAN_ENGINES)[number];

/** The anatomical model and its condition (each option applies only to models with the matching feature). */
export interface SnapshotModel {
  id: number;
  brainCondition?: BrainCondition;
  heartCondition?: HeartCondition;
  /** Cardiac phase 1…20. */
  cardiacPhase?: number;
  breathingMode?: BreathingMode;
}

/** Simulation settings of a scan (the options of `simulate` that are values). */
export interface SnapshotSimulation {
  noiseLevel: NoiseLevel;
  /** 'array': the coil's elements combined by sum of squares; 'single': one uniform channel (default 'array'). */
  receive?: 'array' | 'single';
  /** Prescan normalisation of an array image (simulate/prescan.ts); default true. */
  prescanNormalize?: boolean;
  partialFourierMode?: PartialFourierMode;
  motion?: Motion;
  /**
   * Simulate the model's susceptibility field map (simulate/fieldMap.ts): gradient echoes' phase and T2*
   * dephasing near air and bone, EPI displacement along the phase direction; the fast engine by its closed forms,
   * the Bloch engine by each spin's off-resonance. The server sets it only on the Bloch backend (the spec hides
   * susceptibility on the CPU simulator).
   */
  susceptibility?: boolean;
  /** Bloch engine: isochromats per pixel for T2* dephasing (bloch/phantom.ts); default 1. */
  isochromats?: number;
  /**
   * Bloch engine: isochromats per pixel through the slice (blochPhantom.ts); default SLICE_ISOCHROMATS (4, also
   * with T2* isochromats); 1 puts every spin in the slice's centre plane.
   */
  sliceIsochromats?: number;
  /** Bloch engine: spin chunks per slice that separate workers may simulate; default 1. */
  chunksPerSlice?: number;
  /** Gadolinium given before the scan: its tissues' T1, T2 and T2* shortened (`snapshotTissueAt`). */
  contrast?: SnapshotContrast;
}

/**
 * A contrast injection [mmol/ml, ml] and the time from its start to the scan [s]: `firstPass` for a
 * bolus-timed scan (tissue/bolus.ts, arterial input function), else the late phase of the biexponential
 * plasma curve (tissue/contrast.ts).
 */
export interface SnapshotContrast {
  concentrationMmolPerMl: number;
  volumeMl: number;
  secondsAfterInjection: number;
  firstPass: boolean;
}

/** A scan as plain data: the same snapshot always gives the same images. */
export interface ScanSnapshot {
  engine: ScanEngine;
  model: SnapshotModel;
  protocol: Protocol;
  scanner: Scanner;
  simulation: SnapshotSimulation;
  /** The lab's (or session's) tissue values by library key, SI units, replacing the library's. */
  tissueOverrides: Record<TissueKey, TissueOverrides>;
  /** Seed of the scan's noise (each slice derives its own, `sliceSeed`). */
  seed: number;
}

/** One independent piece of a scan. */
export type ScanPart =
  | {
      kind: 'slice';
      slice: number;
      /** Also give every receive channel's k-space (the k-space view per coil); a scan's own run never asks. */
      coilKSpaces?: boolean;
    }
  | { kind: 'spins'; slice: number; chunk: number; chunks: number };

/** One slice's image (display orientation) and acquired k-space ([phase][read], first receive channel). */
export interface SliceOutput {
  slice: number;
  rows: number;
  columns: number;
  magnitude: Float32Array;
  kspaceRe: Float32Array;
  kspaceIm: Float32Array;
  /** Receive channels that formed the image (1 for a single channel, and for the Bloch engine). */
  receiveChannels: number;
  /** Every channel's k-space ([phase][read]), when the part asked for it and there are several channels. */
  coilKSpaces?: { re: Float32Array; im: Float32Array }[];
}

/** What a part gives: a finished slice (fast engine) or one spin chunk's signal (Bloch engine). */
export type PartOutput =
  { kind: 'slice'; output: SliceOutput } | { kind: 'spins'; slice: number; signal: BlochSignal };

/** A whole scan: one output per slice, in slice order, and where the slices lie in the patient. */
export interface SnapshotResult {
  geometry: ScanGeometry;
  slices: SliceOutput[];
}

/** What a worker may keep between parts of the same model: values that cost time to compute. */
export interface PartContext {
  /** The model's susceptibility field map at this B0 (`snapshotFieldMap`); computed when absent and needed. */
  fieldMap?: FieldMap3d;
  /** Bloch kernels (default: JavaScript; the server passes WebAssembly SIMD where the platform has it). */
  kernels?: KernelFactory;
  /** Checked while the part runs; the part throws SimulationStoppedError once it answers true (a cancel). */
  shouldStop?: StopCheck;
  /** Per-geometry slice work kept between parts (./sliceCache.ts; a worker thread keeps one). */
  sliceCache?: SliceCache;
}
