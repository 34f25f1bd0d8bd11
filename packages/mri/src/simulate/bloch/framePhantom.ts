/**
 * The Bloch phantom of one slice on the fast engine's acquisition grid, built so that the Bloch image can be
 * compared pixel for pixel with the fast engine's: spins on a sub-pixel grid (in-plane partial volume and the
 * continuous object's Gibbs ringing), tissues sampled through the whole slab (through-plane partial volume),
 * and every spin placed in the flat centre of the slice profile, one spoiler cycle thick, so that gradient
 * spoilers dephase a pixel as they dephase a real voxel while the flip angles stay the nominal ones that the
 * fast engine's ideal rectangular profile assumes.
 */
import type { AnatomicalModel } from '../../anatomy/types.ts';
import type { TissueAtField } from '../../tissue/types.ts';
import type { Meters, Vec3 } from '../../units.ts';
import { spinsFromSlice } from './phantom.ts';
import { cloneSpins, createSpinSet, type SpinSet } from './spins.ts';
import type { AcquisitionFrame } from '../geometry.ts';
import { sampleFieldMap, type FieldMap3d } from '../fieldMap.ts';

export interface FramePhantomOptions {
  /** Spins per pixel along each in-plane axis, s (default 1): the model is sampled on a grid s times finer. */
  subpixels?: number;
  /** Spins per pixel along the readout direction (default `subpixels`): the grid is this much finer along it. */
  readSubpixels?: number;
  /** Sub-slabs the slice is cut into through its thickness, n (default 1); each gives its own spins. */
  depthSamples?: number;
  /**
   * Spins per sub-slab through the layer, q (default 1): each sub-slab's spins are copied q times, the n·q
   * isochromats of a pixel interleaved across the layer (sub-slab k at steps k, k + n, …), so every sub-slab's
   * tissue spans the layer while the model is sampled only n times.
   */
  layerCopies?: number;
  /**
   * Thickness [m] of the layer, centred on the slice, over which the n sub-slabs' spins are placed (default 0:
   * all in the plane). One cycle of the builders' spoiler, thickness/4 (sequence/build/context.ts
   * `spoilerArea`: 4 cycles across the slice), spoils residual transverse magnetisation within each pixel.
   */
  layer?: Meters;
  /** Isochromats per spin for T2* (`isochromats` of bloch/phantom.ts `spinsFromSlice`); default 1. */
  isochromats?: number;
  /**
   * Slice-select gradient of the selective pulses [Hz/m] (γ̄·G). When given, a tissue off resonance by Δf has
   * its layer centred where its slice is excited, −Δf/(γ̄·G) along the normal (the chemical-shift slice
   * displacement: 0.54 mm for fat at 1.5 T with the builders' 2 ms sinc on a 5 mm slice), so that it too sees
   * the nominal flip angles; without it fat sits off the flat top of its own profile (−9 % in SE).
   */
  sliceSelectGradient?: number;
  /**
   * The model's susceptibility field map (../fieldMap.ts): each spin's off-resonance gains 2π·Δf [rad/s], Δf
   * sampled where the spin stands for in the slice, its sub-pixel centre and its step across the whole slice
   * thickness (not across the thin layer it is simulated in), so that the n·q isochromats through the slice sample
   * the field's through-slice gradient and dephase as the voxel does (Haacke et al. 1999, ch. 20).
   */
  fieldMap?: FieldMap3d;
}

const positiveInteger = (name: string, n: number): number => {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${name} must be a positive integer, got ${n}`);
  return n;
};

/**
 * Spins of a model slice on the frame's grid. Pixel (u, v) is centred at
 * `centre + (u − Nr/2)·Δr·read + (v − Np/2)·Δp·phase` (Δ = FOV/N), the pixel convention of the fast engine and of
 * the centred FFT (docs/conventions.md). It holds s×s×n spins: sub-pixel (i, j) of sub-slab k takes the tissue
 * that fills most of its box of Δr/s × Δp/s × thickness/n (`spinsFromSlice`), sits in-plane at the sub-pixel's
 * centre and through-plane at ((k + r·n + ½)/(n·q) − ½)·layer for each copy r < q, and carries 1/(s²·n·q) of its
 * tissue's PD, so a pixel sums to the fraction-weighted PD that the fast engine's voxel holds
 * (simulate/fast/prepare.ts). Spins are ordered by sub-slab, then copy, then as `spinsFromSlice` orders them.
 */
export function framePhantom(
  model: Pick<AnatomicalModel, 'volume' | 'tissues'>,
  frame: AcquisitionFrame,
  tissuesAtField: readonly (TissueAtField | undefined)[],
  options: FramePhantomOptions = {},
): SpinSet {
  const { plane } = frame;
  const s = positiveInteger('subpixels', options.subpixels ?? 1);
  const sr = positiveInteger('read subpixels', options.readSubpixels ?? s);
  const n = positiveInteger('depth samples', options.depthSamples ?? 1);
  const q = positiveInteger('layer copies', options.layerCopies ?? 1);
  const layer = options.layer ?? 0;
  const du = frame.fovRead / frame.readCount;
  const dv = frame.fovPhase / frame.phaseCount;
  // Fine point j = s·i + k lies at (j − s·N/2)·Δ/s + c; c = (1/(2s) − ½)·Δ puts it at the centre of sub-pixel k
  // of pixel i, (i − N/2)·Δ + ((k + ½)/s − ½)·Δ.
  const shift = 1 / (2 * s) - 0.5;
  const shiftRead = 1 / (2 * sr) - 0.5;
  const at = (depth: Meters): Vec3 =>
    [0, 1, 2].map(
      (a) =>
        (plane.center[a] as number) +
        shiftRead * du * (frame.readDirection[a] as number) +
        shift * dv * (frame.phaseDirection[a] as number) +
        depth * (plane.normal[a] as number),
    ) as unknown as Vec3;
  const grid = {
    nx: sr * frame.readCount,
    ny: s * frame.phaseCount,
    pixelSpacing: [du / sr, dv / s] as const,
    sliceThickness: plane.sliceThickness / n,
  };
  const sets: SpinSet[] = [];
  for (let k = 0; k < n; k++) {
    const depth = (k + 0.5) / n - 0.5;
    const spins = spinsFromSlice(
      model,
      {
        center: at(depth * plane.sliceThickness),
        row: frame.readDirection,
        column: frame.phaseDirection,
        normal: plane.normal,
      },
      grid,
      tissuesAtField,
      {
        ...(options.isochromats === undefined ? {} : { isochromats: options.isochromats }),
        ...(options.sliceSelectGradient === undefined
          ? {}
          : { normalShift: chemicalShiftDisplacement(options.sliceSelectGradient) }),
      },
    );
    // Move the sub-slab's spins from depth·thickness to step k + r·n of the n·q steps across the layer.
    for (let r = 0; r < q; r++) {
      const copy = r === q - 1 ? spins : cloneSpins(spins);
      const step = (k + r * n + 0.5) / (n * q) - 0.5;
      const move = step * layer - depth * plane.sliceThickness;
      for (let i = 0; i < copy.count; i++) {
        copy.x[i] = (copy.x[i] as number) + move * plane.normal[0];
        copy.y[i] = (copy.y[i] as number) + move * plane.normal[1];
        copy.z[i] = (copy.z[i] as number) + move * plane.normal[2];
      }
      if (options.fieldMap)
        addFieldOffset(copy, options.fieldMap, plane.normal, step * (plane.sliceThickness - layer));
      sets.push(copy);
    }
  }
  return concatenate(sets, 1 / (sr * s * n * q));
}

/**
 * Adds 2π·Δf [rad/s] of the field map to every spin's off-resonance, Δf sampled at the spin's position moved by
 * `toSlice` [m] along `normal` (from its place in the simulated layer to the depth in the slice it stands for).
 */
function addFieldOffset(spins: SpinSet, map: FieldMap3d, normal: Vec3, toSlice: Meters): void {
  for (let i = 0; i < spins.count; i++) {
    const hz = sampleFieldMap(map, [
      (spins.x[i] as number) + toSlice * normal[0],
      (spins.y[i] as number) + toSlice * normal[1],
      (spins.z[i] as number) + toSlice * normal[2],
    ]);
    spins.dw[i] = (spins.dw[i] as number) + 2 * Math.PI * hz;
  }
}

/** −Δf/(γ̄·G) [m]: where a selective pulse on gradient `gradient` [Hz/m] excites a tissue off resonance by Δf. */
const chemicalShiftDisplacement =
  (gradient: number) =>
  (tissue: TissueAtField): number =>
    -tissue.offResonanceHz / gradient;

/** One spin set of all the sets' spins, rho and magnetisation scaled by `weight`. */
function concatenate(sets: readonly SpinSet[], weight: number): SpinSet {
  const join = (key: 'x' | 'y' | 'z' | 'rho' | 't1' | 't2' | 'dw'): Float32Array => {
    const out = new Float32Array(sets.reduce((sum, set) => sum + set.count, 0));
    let offset = 0;
    for (const set of sets) {
      out.set(set[key], offset);
      offset += set.count;
    }
    return out;
  };
  const rho = join('rho').map((r) => r * weight);
  return createSpinSet({
    x: join('x'),
    y: join('y'),
    z: join('z'),
    rho,
    t1: join('t1'),
    t2: join('t2'),
    dw: join('dw'),
  });
}
