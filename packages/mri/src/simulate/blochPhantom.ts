/**
 * The spins of one slice for the Bloch engine (`censol`): the slice's voxels as several isochromats through a thin
 * layer at the slice centre (through-plane partial volume from sub-slabs of the whole slice) and two along the
 * readout, so that the readout's moment (a cycle per pixel) dephases the simulated voxel as it dephases a real
 * one, while the flip angles stay the nominal ones at the centre of the slice profile, which the fast engine's
 * ideal rectangular profile assumes (docs/physics.md, "Bloch slice phantom").
 */
import type { AnatomicalModel } from '../anatomy/types.ts';
import { axesOf } from '../sequence/build/context.ts';
import type { Protocol } from '../sequence/protocol.ts';
import type { SequenceTimeline } from '../sequence/timeline.ts';
import type { TissueAtField } from '../tissue/types.ts';
import { framePhantom, type FramePhantomOptions } from './bloch/framePhantom.ts';
import type { SpinSet } from './bloch/spins.ts';
import type { AcquisitionFrame } from './geometry.ts';
import type { FieldMap3d } from './fieldMap.ts';

/**
 * Isochromats per pixel through the slice (default of `SnapshotSimulation.sliceIsochromats`), equally spaced across
 * the layer, one per sub-slab: across the thin layer the region means no longer change from 4 on (1: CSF −17.5 %,
 * 4: −13.0 %, 8: −12.8 %, 16: −12.7 % in the default SE; docs/physics.md, "Bloch slice phantom").
 */
export const SLICE_ISOCHROMATS = 4;

/**
 * Isochromats per pixel along the readout: the readout's moment, one cycle per pixel, leaves a pixel's residual
 * transverse magnetisation in phase when its spins sit on the pixel grid (CSF alternating column to column, the
 * issue-23 striping); two, half a pixel apart, cancel the odd cycles.
 */
export const READ_SUBPIXELS = 2;

/**
 * Through-slice isochromats with the T2* setting on (`isochromats` > 1 per spin): the frequency spread of the
 * T2* isochromats dephases what crosses repetitions, and 89 × 16 spins per pixel would be too slow for a session.
 */
export const SLICE_ISOCHROMATS_WITH_T2_STAR = 4;

/**
 * Thickness of the layer the through-slice isochromats span, as a fraction of the slice thickness: thin enough
 * that the TBW-4 Hann-sinc pulses give the nominal flip angles that the fast engine's rectangular profile assumes.
 * The profile has no flat top: at ±1/8 of the slice the 90° pulse gives 87° and the 180° 149°, at ±1/32 89.8° and
 * 176° (docs/physics.md, "Bloch slice phantom"); a quarter-slice layer read white matter −2.2 % in SE (its
 * spins' mean sin²(β/2) and Mz after the edges' smaller flips), this one 0.0 %. Across it the spoiler dephases a
 * quarter cycle: the multi-TR coherences are spoiled by the builders' RF spoiling and the readout's moment
 * (READ_SUBPIXELS), not by the slice spoiler (issue 23.5).
 */
export const SLICE_LAYER_FRACTION = 1 / 16;

/**
 * Sub-slabs of the slice at most, each sampling the model for its dominant tissue (through-plane partial volume);
 * each sub-slab's spin is copied to fill the slice isochromats (framePhantom `layerCopies`), so building the
 * phantom costs 4 model resamplings however many isochromats there are.
 */
export const TISSUE_SUBSLABS = 4;

/** The largest divisor of n that is at most TISSUE_SUBSLABS. */
function subslabsOf(n: number): number {
  for (let m = Math.min(n, TISSUE_SUBSLABS); m > 1; m--) if (n % m === 0) return m;
  return 1;
}

/** The largest slice-select amplitude [Hz/m] (γ̄·G) of the timeline's first excitation (0 without one). */
export function excitationGradient(timeline: SequenceTimeline, protocol: Protocol): number {
  const axis = axesOf(protocol).slice;
  const block = timeline.blocks.find((b) => b.rf?.use === 'excitation');
  const g = block?.[axis];
  if (!g) return 0;
  let max = 0;
  for (const a of g.amplitudes) max = Math.max(max, Math.abs(a));
  return max;
}

/** What `blochSlicePhantom` asks of the slice: its spins' placement and tissue options. */
export interface BlochPhantomSettings {
  /** Isochromats per spin for T2* (default 1). */
  isochromats?: number;
  /** Isochromats per pixel through the slice (default SLICE_ISOCHROMATS, or SLICE_ISOCHROMATS_WITH_T2_STAR). */
  sliceIsochromats?: number;
  /** The model's susceptibility field map (with susceptibility on). */
  fieldMap?: FieldMap3d;
}

/**
 * The `framePhantom` options of `blochSlicePhantom` for a slice of `frame` scanned by `timeline` (its first
 * excitation's slice-select gradient places each tissue's layer), everything the phantom depends on besides the
 * model, the frame and the tissues: what keys a kept phantom (sliceCache.ts).
 */
export function blochPhantomOptions(
  frame: AcquisitionFrame,
  timeline: SequenceTimeline,
  protocol: Protocol,
  settings: BlochPhantomSettings = {},
): FramePhantomOptions {
  const gradient = excitationGradient(timeline, protocol);
  const t2Star = (settings.isochromats ?? 1) > 1;
  const n = settings.sliceIsochromats ?? (t2Star ? SLICE_ISOCHROMATS_WITH_T2_STAR : SLICE_ISOCHROMATS);
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`isochromats through the slice must be a positive integer, got ${n}`);
  const subslabs = subslabsOf(n);
  return {
    readSubpixels: t2Star ? 1 : READ_SUBPIXELS,
    depthSamples: subslabs,
    layerCopies: n / subslabs,
    layer: frame.plane.sliceThickness * SLICE_LAYER_FRACTION,
    isochromats: settings.isochromats ?? 1,
    ...(gradient > 0 ? { sliceSelectGradient: gradient } : {}),
    ...(settings.fieldMap ? { fieldMap: settings.fieldMap } : {}),
  };
}

/**
 * Spins of a slice of `frame` (bloch/framePhantom.ts `framePhantom`): per pixel, READ_SUBPIXELS columns (1 with
 * T2* isochromats) of `sliceIsochromats` isochromats
 * of up to TISSUE_SUBSLABS sub-slabs of the slice (each takes its dominant tissue, so through-plane partial volume
 * is that of the fast engine's voxel) placed at equal steps across a layer SLICE_LAYER_FRACTION of the slice thick at its centre, each with
 * 1/sliceIsochromats of the pixel's PD; a tissue off resonance (fat) has its layer centred on the slice its
 * selective pulses excite (chemical-shift slice displacement); `isochromats` per spin for T2*; with a `fieldMap`
 * (susceptibility) each spin off resonance by the field where it stands for in the slice (framePhantom).
 */
export function blochSlicePhantom(
  model: Pick<AnatomicalModel, 'volume' | 'tissues'>,
  frame: AcquisitionFrame,
  tissues: readonly (TissueAtField | undefined)[],
  timeline: SequenceTimeline,
  protocol: Protocol,
  settings: BlochPhantomSettings = {},
): SpinSet {
  return framePhantom(model, frame, tissues, blochPhantomOptions(frame, timeline, protocol, settings));
}
