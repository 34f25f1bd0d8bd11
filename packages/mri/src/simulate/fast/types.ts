/**
 * The fast engine's shared shapes: what a render takes (`ContrastOptions`) and gives (`RenderedImage`), the
 * buffers it keeps between renders (`ContrastWorkspace`, `TissueImageCache`) and a coil array's per-pixel sums
 * (`CoilStats`, `CoilSums`). Types only, so render.ts, receive.ts, imageDomain.ts, output.ts and coilSums.ts
 * import them from here and none of them imports another for a type.
 */
import type { Fft2d } from '../../recon/fftnd.ts';
import type { PartialFourierMode } from '../../recon/partialFourier.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import type { FieldMapCache, SliceFieldMap } from '../fieldMap.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import type { Motion } from '../motion.ts';
import type { NoiseLevel, UnitNoise } from '../noise.ts';
import type { PreparedSlice } from './prepare.ts';

export interface ContrastOptions {
  /** Tissue properties at the scanner's field per model label (index = label; 0 is air). */
  tissues: readonly (TissueAtField | undefined)[];
  noiseLevel?: NoiseLevel;
  /** Unit noise, phaseCount·readCount samples per coil (noise.ts `unitComplexNoise`); needed when noiseLevel > 0. */
  noise?: readonly UnitNoise[];
  motion?: Motion;
  /** Receive sensitivity per coil element on the acquisition grid [phase][read]; absent: one uniform coil. */
  coilMaps?: readonly Float32Array[];
  /**
   * A coil array given by its per-pixel sums and its elements' noise (./coilSums.ts `streamCoilSums`) instead of
   * coilMaps and noise: the same image and first-coil k-space for full-Fourier acquisitions without rotation (a
   * scan slice's receive); partial Fourier, rotation and keepCoilKSpaces need the maps and are refused.
   */
  coilSums?: CoilSums;
  partialFourierMode?: PartialFourierMode;
  /**
   * Susceptibility field map of this slice (../fieldMap.ts `sliceFieldMap`): gradient-echo families get its phase
   * and intravoxel dephasing at TE, EPI trains (GRE and SE) the displacement along phase (../epiDistortion.ts).
   * Applied to the image before k-space on every path (full and partial Fourier, with or without rotation).
   */
  fieldMap?: SliceFieldMap;
  /**
   * `fieldMap` prepared for repeated renders (../fieldMap.ts `createFieldMapCache`, on this frame): the same image
   * to the bit, with the field's factor kept per TE and EPI's targets per line interval. Read only when its
   * `field` is `fieldMap`.
   */
  fieldMapCache?: FieldMapCache;
  /**
   * Prescan normalisation of a coil array's image (../prescan.ts): each display pixel times 1/√Σ_c s_c², so a
   * noise-free image reads |m| as with one uniform channel. Applied in the receive pass; ignored without coilMaps.
   * Default false here (simulate.ts turns it on by default).
   */
  prescanNormalize?: boolean;
  /** Also return the acquired k-space (first coil, centred, [phase][read]). */
  keepKSpace?: boolean;
  /**
   * Also return every receive channel's acquired k-space (`coilKSpaces`, only with coilMaps): the k-space view per
   * coil. Costs one FFT per channel, so a scan's own run never asks for it.
   */
  keepCoilKSpaces?: boolean;
  /** Buffers reused between renders of the same frame (createContrastWorkspace). */
  workspace?: ContrastWorkspace;
  /**
   * The caller reads only the magnitude (the live preview): the receive pass writes no complex image, and the
   * result's `re` and `im` are empty (the paths that reconstruct partial Fourier or a rotation still fill them).
   */
  magnitudeOnly?: boolean;
}

/** One reconstructed image in display orientation ([row][column], ./geometry.ts). */
export interface RenderedImage {
  rows: number;
  columns: number;
  /** Magnitude (sum of squares over coils). */
  magnitude: Float32Array;
  /** Complex image (coil-combined with the sensitivities when there are several coils); empty with magnitudeOnly. */
  re: Float32Array;
  im: Float32Array;
  kspace?: { re: Float32Array; im: Float32Array };
  /** Every receive channel's acquired k-space, in the coil's element order (ContrastOptions.keepCoilKSpaces). */
  coilKSpaces?: { re: Float32Array; im: Float32Array }[];
}

/** Scratch buffers of one acquisition frame. */
export interface ContrastWorkspace {
  readonly frame: AcquisitionFrame;
  readonly sumRe: Float64Array;
  readonly sumIm: Float64Array;
  readonly lineRe: Float64Array;
  readonly lineIm: Float64Array;
  readonly fft: Fft2d;
  /** Band-limited tissue images of the last prepared slice rendered here (./imageDomain.ts). */
  readonly tissueImages: TissueImageCache;
  /**
   * Chemically shifted k-spaces C·K of the last prepared slice rendered here (./weightedSum.ts); absent where the
   * workspace is a thread's scratch, whose caller renders a slice once.
   */
  readonly shiftedKSpaces?: ShiftedKSpaceCache;
  /**
   * Per-pixel sums of the last coil array and noise rendered here (./receive.ts `coilStats`), and the prescan gain
   * of the last maps (`prescanGain`).
   */
  readonly coils: {
    stats: CoilStats | undefined;
    gain: { maps: readonly Float32Array[]; values: Float32Array } | undefined;
  };
}

/** Per-pixel sums of a coil array and its noise, on the acquisition grid ([phase][read]). */
export interface CoilStats {
  readonly maps: readonly Float32Array[];
  readonly noise: readonly (UnitNoise | undefined)[];
  /** Σ_c s_c². */
  readonly s2: Float64Array;
  /** Σ_c s_c·n_c over the coils that have noise. */
  readonly aRe: Float64Array;
  readonly aIm: Float64Array;
  /** Σ_c |n_c|² over the coils that have noise. */
  readonly n2: Float64Array;
  /** σ/Σ_c s_c² (0 where Σ s_c² is 0) for the σ of the last render (output.ts `combineScale`). */
  scale: { sigma: number; values: Float64Array } | undefined;
}

/** A coil array given by its per-pixel sums instead of every element's map and noise (ContrastOptions.coilSums). */
export interface CoilSums {
  /** Σ_c s_c², Σ_c s_c·n_c, Σ_c |n_c|² per acquisition pixel (its `maps` and `noise` lists are empty). */
  readonly stats: CoilStats;
  /** Prescan-normalisation gain per display pixel (../prescan.ts), the same as from the maps. */
  readonly gain: Float32Array;
  /** The first element's map and unit noise (absent without noise): its k-space is the one a scan keeps. */
  readonly firstMap: Float32Array;
  readonly firstNoise: UnitNoise | undefined;
  /** Elements that received. */
  readonly channels: number;
}

/** A tissue's k-space times its readout shift's column factors, C·K (./weightedSum.ts). */
export interface ShiftedKSpace {
  /** The readout shift [pixels] it was made for (NaN: made for an earlier slice, its arrays kept for reuse). */
  shift: number;
  re: Float32Array;
  im: Float32Array;
}

/** Shifted k-spaces of one prepared slice, per slot. */
export interface ShiftedKSpaceCache {
  prepared: PreparedSlice | undefined;
  bySlot: (ShiftedKSpace | undefined)[];
}

/** Tissue images of one prepared slice, per slot, with the readout shift each was made for. */
export interface TissueImageCache {
  prepared: PreparedSlice | undefined;
  images: (Float32Array | undefined)[];
  shifts: number[];
  /** Images of the slice cached before, no longer read: filled again for this one instead of allocating. */
  spare: Float32Array[];
}
