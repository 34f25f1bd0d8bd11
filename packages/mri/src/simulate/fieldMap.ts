/**
 * Susceptibility field map: the static field offset ΔB_z produced by the model's susceptibility distribution,
 * computed in k-space with the dipole kernel (Salomir et al., Concepts Magn Reson B 2003;19:26; Marques &
 * Bowtell, Concepts Magn Reson B 2005;25:65; reference/tissue_properties.md):
 *   ΔB_z(k) = B0 · χ(k) · (1/3 − k_z²/|k|²)     (Lorentz-corrected, B0 along +z, SI χ)
 * χ is taken relative to air (air 0, tissue ≈ −9.4 ppm), the volume is zero-padded to at least 1.5× its size so
 * the periodic FFT folds back only the weak far field (it falls as 1/r³), and the k = 0 term (a uniform offset
 * the shim removes) is set to 0.
 *
 * In a gradient-echo image the field map adds the phase −2π·Δf·TE (clockwise precession, docs/conventions.md)
 * and, through its slope across the voxel, intravoxel dephasing: a linear field change of g [Hz/m] over a
 * voxel of width w attenuates the signal by |sinc(g·w·TE)| per axis (Haacke et al. 1999, ch. 20; Fernández-Seara
 * & Wehrli, MRM 2000;44:358); where the field curves (around a small paramagnetic focus) the slope is the spread
 * of the field across the neighbourhood (`spreadSlope`). Spin echoes refocus both at TE. Small, strong sources (a
 * haemorrhage) get their near field on the model's own grid (./fieldMapDetail.ts); the dipole convolution itself
 * is ./dipoleField.ts.
 */
import type { LabelVolume, VoxelGrid } from '../anatomy/types.ts';
import type { Tesla, Vec3 } from '../units.ts';
import type { AcquisitionFrame } from './geometry.ts';
import { dipoleFieldHz } from './dipoleField.ts';
import { fineFieldDetail } from './fieldMapDetail.ts';
import { multiplyComplex } from '../recon/complexProduct.ts';
import { absSincPiProductInto, scaledCosSinInto } from './trig.ts';
import { wasmFieldFactor } from './wasmField.ts';

/** Volume susceptibility of air relative to water [ppm, SI] (Schenck, Med Phys 1996;23:815): +0.36 − (−9.05). */
export const AIR_SUSCEPTIBILITY_RELATIVE_TO_WATER_PPM = 9.41;

/** Default coarsening of the label volume for the field map (3 mm from a 1 mm model): bounds the 3D FFT to ~128³. */
export const FIELD_MAP_STEP = 3;

/** A field-offset volume [Hz] on a regular grid (axis-aligned, like a LabelVolume). */
export interface FieldMap3d extends VoxelGrid {
  /** Off-resonance γ̄·ΔB_z per voxel [Hz], x fastest. */
  hz: Float32Array;
  /**
   * A finer grid over a box, added to this one where it is defined (`sampleFieldMap`): the near field of small,
   * strong sources that this grid's blocks smear (./fieldMapDetail.ts), ≈ 0 at its edges.
   */
  detail?: FieldMap3d;
}

/** The field map of a slice on its acquisition grid [phase][read]: offset [Hz] and its gradients [Hz/m]. */
export interface SliceFieldMap {
  hz: Float32Array;
  gradRead: Float32Array;
  gradPhase: Float32Array;
  gradSlice: Float32Array;
}

/**
 * The field map of a label volume whose labels have the given susceptibilities relative to water [ppm]
 * (undefined labels count as air), at field `b0`, computed on a grid `step` times coarser than the volume
 * (block-averaged χ) to bound the cost of the 3D FFT (~1 s for the brain at step 3). The labels `fineLabels`
 * (small, strong sources such as a haemorrhage) also get their near field at the volume's own resolution
 * (./fieldMapDetail.ts), which the coarse grid would smear over its blocks.
 */
export function susceptibilityFieldMap(
  volume: LabelVolume,
  susceptibilityPpmByLabel: readonly (number | undefined)[],
  b0: Tesla,
  step = FIELD_MAP_STEP,
  fineLabels: readonly number[] = [],
): FieldMap3d {
  const [nx, ny, nz] = volume.dims;
  const cx = Math.ceil(nx / step);
  const cy = Math.ceil(ny / step);
  const cz = Math.ceil(nz / step);
  // χ relative to air, block-averaged [ppm].
  const chi = new Float64Array(cx * cy * cz);
  const count = new Float64Array(cx * cy * cz);
  const air = AIR_SUSCEPTIBILITY_RELATIVE_TO_WATER_PPM;
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        const label = volume.labels[i + nx * (j + ny * k)] as number;
        const value = label === 0 ? air : (susceptibilityPpmByLabel[label] ?? air);
        const c = ((i / step) | 0) + cx * (((j / step) | 0) + cy * ((k / step) | 0));
        chi[c] = (chi[c] as number) + value - air;
        count[c] = (count[c] as number) + 1;
      }
    }
  }
  for (let c = 0; c < chi.length; c++)
    if ((count[c] as number) > 0) chi[c] = (chi[c] as number) / (count[c] as number);
  const voxelSize = volume.voxelSize.map((d) => d * step) as [number, number, number];
  const hz = dipoleFieldHz(chi, [cx, cy, cz], voxelSize, b0);
  // Coarse voxel (i, j, k) covers fine voxels i·step … i·step + step − 1: its centre is offset by (step − 1)/2.
  const origin: Vec3 = [0, 1, 2].map(
    (a) => (volume.origin[a] as number) + ((step - 1) / 2) * (volume.voxelSize[a] as number),
  ) as unknown as Vec3;
  const map: FieldMap3d = { dims: [cx, cy, cz], voxelSize, origin, hz };
  const detail =
    fineLabels.length > 0 && step > 1
      ? fineFieldDetail(volume, susceptibilityPpmByLabel, fineLabels, b0, step)
      : undefined;
  return detail ? { ...map, detail } : map;
}

/** Trilinear sample of the field map at a patient position [Hz], its `detail` added where defined; 0 outside. */
export function sampleFieldMap(map: FieldMap3d, p: Vec3): number {
  const value = sampleGrid(map, p);
  const detail = map.detail;
  return detail && insideGrid(detail, p) ? value + sampleGrid(detail, p) : value;
}

/** Whether `p` [m] lies within the voxel centres of `map`'s grid (a quick test before sampling it). */
function insideGrid(map: FieldMap3d, p: Vec3): boolean {
  for (let a = 0; a < 3; a++) {
    const f = ((p[a as 0] as number) - (map.origin[a as 0] as number)) / (map.voxelSize[a as 0] as number);
    if (f < 0 || f > (map.dims[a as 0] as number) - 1) return false;
  }
  return true;
}

/** Trilinear sample of one grid of a field map at a patient position [Hz]; 0 outside. */
function sampleGrid(map: FieldMap3d, p: Vec3): number {
  const [nx, ny, nz] = map.dims;
  const f = [0, 1, 2].map(
    (a) => ((p[a] as number) - (map.origin[a] as number)) / (map.voxelSize[a] as number),
  );
  const [fx, fy, fz] = f as [number, number, number];
  if (fx < 0 || fy < 0 || fz < 0 || fx > nx - 1 || fy > ny - 1 || fz > nz - 1) return 0;
  const i = Math.min(nx - 2, Math.floor(fx));
  const j = Math.min(ny - 2, Math.floor(fy));
  const k = Math.min(nz - 2, Math.floor(fz));
  const [u, v, w] = [fx - i, fy - j, fz - k];
  const at = (a: number, b: number, c: number): number => map.hz[i + a + nx * (j + b + ny * (k + c))] ?? 0;
  return (
    (1 - w) *
      ((1 - v) * ((1 - u) * at(0, 0, 0) + u * at(1, 0, 0)) + v * ((1 - u) * at(0, 1, 0) + u * at(1, 1, 0))) +
    w * ((1 - v) * ((1 - u) * at(0, 0, 1) + u * at(1, 0, 1)) + v * ((1 - u) * at(0, 1, 1) + u * at(1, 1, 1)))
  );
}

/**
 * The field's slope across a neighbourhood sampled at `before`, `centre` and `after` [Hz], `span` [m] apart end to
 * end: the spread of the three (max − min) over the span, signed as after − before. Where the field is linear this
 * is the central difference; where it curves (the centre plane of a dipole, whose field is negative at its equator
 * and positive above and below it) it keeps the spread the voxel dephases over, which the central difference,
 * ≈ 0 there, would lose [Hz/m].
 */
function spreadSlope(before: number, centre: number, after: number, span: number): number {
  const spread = Math.max(before, centre, after) - Math.min(before, centre, after);
  return ((after >= before ? 1 : -1) * spread) / span;
}

/**
 * The field map on a slice's acquisition grid, with its slopes along read, phase and slice (`spreadSlope`: the
 * central difference where the field is linear).
 */
export function sliceFieldMap(map: FieldMap3d, frame: AcquisitionFrame): SliceFieldMap {
  const nu = frame.readCount;
  const nv = frame.phaseCount;
  const du = frame.fovRead / nu;
  const dv = frame.fovPhase / nv;
  const ds = frame.plane.sliceThickness / 2;
  const hz = new Float32Array(nu * nv);
  const gradRead = new Float32Array(nu * nv);
  const gradPhase = new Float32Array(nu * nv);
  const gradSlice = new Float32Array(nu * nv);
  const { center, normal } = frame.plane;
  const at = (u: number, v: number, s: number): number =>
    sampleFieldMap(
      map,
      [0, 1, 2].map(
        (a) =>
          (center[a] as number) +
          u * (frame.readDirection[a] as number) +
          v * (frame.phaseDirection[a] as number) +
          s * (normal[a] as number),
      ) as unknown as Vec3,
    );
  for (let line = 0; line < nv; line++) {
    const v = (line - nv / 2) * dv;
    for (let c = 0; c < nu; c++) {
      const u = (c - nu / 2) * du;
      const p = line * nu + c;
      hz[p] = at(u, v, 0);
      gradSlice[p] = spreadSlope(at(u, v, -ds), hz[p] as number, at(u, v, ds), 2 * ds);
    }
  }
  for (let line = 0; line < nv; line++) {
    for (let c = 0; c < nu; c++) {
      const p = line * nu + c;
      const l = c > 0 ? p - 1 : p;
      const r = c < nu - 1 ? p + 1 : p;
      gradRead[p] = spreadSlope(hz[l] as number, hz[p] as number, hz[r] as number, (r - l || 1) * du);
      const up = line > 0 ? p - nu : p;
      const down = line < nv - 1 ? p + nu : p;
      gradPhase[p] = spreadSlope(
        hz[up] as number,
        hz[p] as number,
        hz[down] as number,
        ((down - up) / nu || 1) * dv,
      );
    }
  }
  return { hz, gradRead, gradPhase, gradSlice };
}

/**
 * Applies the field map of a gradient echo at echo time `te` [s] to a centred complex image [phase][read] in
 * place: phase e^(−i2π·Δf·TE) and intravoxel dephasing Π_axis |sinc(g·w·TE)| (`applyFieldMapCached` on a cache
 * made for this one call).
 */
export function applyFieldMap(
  re: Float64Array,
  im: Float64Array,
  field: SliceFieldMap,
  frame: AcquisitionFrame,
  te: number,
): void {
  applyFieldMapCached(re, im, createFieldMapCache(field, frame), te);
}

/**
 * A slice's field map prepared for repeated renders (the live preview, ./preview/engine.ts): what does not depend
 * on the contrast once per geometry (−2π·Δf [rad/s] and the products g·w per axis [Hz]), and the per-pixel complex
 * factor attenuation·e^(−i2π·Δf·TE) of the last echo time, so that a contrast change keeping TE (TR, TI, flip)
 * reuses it and a TE change recomputes only it, into the same arrays (`applyFieldMap` is this on a cache of one
 * call, so the two agree to the bit).
 */
export interface FieldMapCache {
  readonly field: SliceFieldMap;
  readonly readCount: number;
  readonly phaseCount: number;
  /** −2π·Δf per pixel [rad/s]. */
  readonly radPerS: Float64Array;
  /** g·w along read, phase and slice per pixel [Hz]. */
  readonly gwRead: Float64Array;
  readonly gwPhase: Float64Array;
  readonly gwSlice: Float64Array;
  /** The echo time `cos`/`sin` hold (NaN: none yet) [s]. */
  te: number;
  /** attenuation·cos(angle) and attenuation·sin(angle) per pixel at `te`. */
  readonly cos: Float64Array;
  readonly sin: Float64Array;
  /** EPI's displacement along phase of the last line interval (./epiDistortion.ts `displaceAlongPhaseCached`). */
  displacement: EpiDisplacement | undefined;
}

/** Where `displaceAlongPhase` pushes each pixel for one line interval: the two targets and the upper weight. */
export interface EpiDisplacement {
  /** The signed line interval these targets are for [s]. */
  lineIntervalS: number;
  below: Int32Array;
  above: Int32Array;
  weight: Float64Array;
  /** The displaced image's buffers, filled again at each render. */
  outRe: Float64Array;
  outIm: Float64Array;
}

/** The contrast-independent part of `field` on `frame` (the frame it was sampled on). */
export function createFieldMapCache(field: SliceFieldMap, frame: AcquisitionFrame): FieldMapCache {
  const n = field.hz.length;
  const du = frame.fovRead / frame.readCount;
  const dv = frame.fovPhase / frame.phaseCount;
  const thickness = frame.plane.sliceThickness;
  const radPerS = new Float64Array(n);
  const gwRead = new Float64Array(n);
  const gwPhase = new Float64Array(n);
  const gwSlice = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    // As applyFieldMap's left-to-right products: (g·w)·TE and (−2π·Δf)·TE.
    gwRead[p] = (field.gradRead[p] as number) * du;
    gwPhase[p] = (field.gradPhase[p] as number) * dv;
    gwSlice[p] = (field.gradSlice[p] as number) * thickness;
    radPerS[p] = -2 * Math.PI * (field.hz[p] as number);
  }
  return {
    field,
    readCount: frame.readCount,
    phaseCount: frame.phaseCount,
    radPerS,
    gwRead,
    gwPhase,
    gwSlice,
    te: NaN,
    cos: new Float64Array(n),
    sin: new Float64Array(n),
    displacement: undefined,
  };
}

/**
 * `cache`'s per-pixel factor attenuation·e^(−i2π·Δf·TE) at `te` [s] in `cache.cos`/`cache.sin`, computed only when
 * `te` differs from the last one: on WebAssembly SIMD where there is one, in JavaScript elsewhere.
 */
export function fieldFactorAt(cache: FieldMapCache, te: number): void {
  if (cache.te === te) return;
  const { cos, sin, radPerS, gwRead, gwPhase, gwSlice } = cache;
  // The same bits on either path (./wasmField.ts).
  if (!wasmFieldFactor(cache, te, cos, sin)) {
    absSincPiProductInto(cos, gwRead, gwPhase, gwSlice, te);
    scaledCosSinInto(cos, sin, radPerS, te);
  }
  cache.te = te;
}

/** applyFieldMap with `cache`'s factor at `te` [s], computed only when `te` differs from the last one. */
export function applyFieldMapCached(
  re: Float64Array,
  im: Float64Array,
  cache: FieldMapCache,
  te: number,
): void {
  fieldFactorAt(cache, te);
  multiplyComplex(re, im, cache.cos, cache.sin, re, im, re.length);
}
