/**
 * Susceptibility field map: the static field offset ΔB_z produced by the model's susceptibility distribution,
 * computed in k-space with the dipole kernel (Salomir et al., Concepts Magn Reson B 2003;19:26; Marques &
 * Bowtell, Concepts Magn Reson B 2005;25:65; reference/tissue_properties.md):
 *   ΔB_z(k) = B0 · χ(k) · (1/3 − k_z²/|k|²)     (Lorentz-corrected, B0 along +z, SI χ)
 * χ is taken relative to air (air 0, tissue ≈ −9.4 ppm), the volume is zero-padded to at least 1.5× its size so
 * the periodic FFT folds back only the weak far field (it falls as 1/r³), and the k = 0 term (a uniform offset the shim removes) is set to 0.
 *
 * In a gradient-echo image the field map adds the phase −2π·Δf·TE (clockwise precession, docs/conventions.md)
 * and, through its gradient across the voxel, intravoxel dephasing: a linear field change of g [Hz/m] over a
 * voxel of width w attenuates the signal by |sinc(g·w·TE)| per axis (Haacke et al. 1999, ch. 20; Fernández-Seara
 * & Wehrli, MRM 2000;44:358). Spin echoes refocus both at TE.
 */
import type { LabelVolume } from '../anatomy/types.ts';
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import { createFft3d } from '../recon/fftnd.ts';
import type { Tesla, Vec3 } from '../units.ts';
import { nextPowerOfTwo } from '../recon/fft.ts';
import type { AcquisitionFrame } from './geometry.ts';

/** Volume susceptibility of air relative to water [ppm, SI] (Schenck, Med Phys 1996;23:815): +0.36 − (−9.05). */
export const AIR_SUSCEPTIBILITY_RELATIVE_TO_WATER_PPM = 9.41;

/** Zero padding of the χ volume before the 3D FFT, as a factor of its size. */
const PADDING = 1.5;
/** Default coarsening of the label volume for the field map (3 mm from a 1 mm model): bounds the 3D FFT to ~128³. */
export const FIELD_MAP_STEP = 3;

/** A field-offset volume [Hz] on a regular grid (axis-aligned, like a LabelVolume). */
export interface FieldMap3d {
  dims: readonly [number, number, number];
  voxelSize: readonly [number, number, number];
  /** Centre of voxel (0, 0, 0) [m]. */
  origin: Vec3;
  /** Off-resonance γ̄·ΔB_z per voxel [Hz], x fastest. */
  hz: Float32Array;
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
 * (block-averaged χ) to bound the cost of the 3D FFT (~1 s for the brain at step 3).
 */
export function susceptibilityFieldMap(
  volume: LabelVolume,
  susceptibilityPpmByLabel: readonly (number | undefined)[],
  b0: Tesla,
  step = FIELD_MAP_STEP,
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
  const [px, py, pz] = [cx, cy, cz].map((n) => nextPowerOfTwo(Math.ceil(PADDING * n))) as [
    number,
    number,
    number,
  ];
  const re = new Float64Array(px * py * pz);
  const im = new Float64Array(px * py * pz);
  // Place the coarse volume at the centre of the padded grid.
  const [ox, oy, oz] = [(px - cx) >> 1, (py - cy) >> 1, (pz - cz) >> 1];
  for (let k = 0; k < cz; k++) {
    for (let j = 0; j < cy; j++) {
      for (let i = 0; i < cx; i++) {
        const c = i + cx * (j + cy * k);
        re[i + ox + px * (j + oy + py * (k + oz))] =
          (count[c] as number) > 0 ? (chi[c] as number) / (count[c] as number) : 0;
      }
    }
  }
  const fft = createFft3d(pz, py, px);
  fft.forward(re, im);
  const scale = b0 * 1e-6 * GYROMAGNETIC_RATIO_HZ_PER_T;
  const [dx, dy, dz] = volume.voxelSize.map((d) => d * step) as [number, number, number];
  for (let k = 0; k < pz; k++) {
    const kz = (k - pz / 2) / (pz * dz);
    for (let j = 0; j < py; j++) {
      const ky = (j - py / 2) / (py * dy);
      for (let i = 0; i < px; i++) {
        const kx = (i - px / 2) / (px * dx);
        const k2 = kx * kx + ky * ky + kz * kz;
        const kernel = k2 === 0 ? 0 : (1 / 3 - (kz * kz) / k2) * scale;
        const p = i + px * (j + py * k);
        re[p] = (re[p] as number) * kernel;
        im[p] = (im[p] as number) * kernel;
      }
    }
  }
  fft.inverse(re, im);
  const hz = new Float32Array(cx * cy * cz);
  for (let k = 0; k < cz; k++) {
    for (let j = 0; j < cy; j++) {
      for (let i = 0; i < cx; i++)
        hz[i + cx * (j + cy * k)] = re[i + ox + px * (j + oy + py * (k + oz))] as number;
    }
  }
  // Coarse voxel (i, j, k) covers fine voxels i·step … i·step + step − 1: its centre is offset by (step − 1)/2.
  const origin: Vec3 = [0, 1, 2].map(
    (a) => (volume.origin[a] as number) + ((step - 1) / 2) * (volume.voxelSize[a] as number),
  ) as unknown as Vec3;
  return { dims: [cx, cy, cz], voxelSize: [dx, dy, dz], origin, hz };
}

/** Trilinear sample of the field map at a patient position [Hz]; 0 outside. */
export function sampleFieldMap(map: FieldMap3d, p: Vec3): number {
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

/** The field map on a slice's acquisition grid, with central-difference gradients along read, phase, slice. */
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
      gradSlice[p] = (at(u, v, ds) - at(u, v, -ds)) / (2 * ds);
    }
  }
  for (let line = 0; line < nv; line++) {
    for (let c = 0; c < nu; c++) {
      const p = line * nu + c;
      const l = c > 0 ? p - 1 : p;
      const r = c < nu - 1 ? p + 1 : p;
      gradRead[p] = ((hz[r] as number) - (hz[l] as number)) / ((r - l || 1) * du);
      const up = line > 0 ? p - nu : p;
      const down = line < nv - 1 ? p + nu : p;
      gradPhase[p] = ((hz[down] as number) - (hz[up] as number)) / (((down - up) / nu || 1) * dv);
    }
  }
  return { hz, gradRead, gradPhase, gradSlice };
}

const sinc = (x: number): number => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));

/**
 * Applies the field map of a gradient echo at echo time `te` [s] to a centred complex image [phase][read] in
 * place: phase e^(−i2π·Δf·TE) and intravoxel dephasing Π_axis |sinc(g·w·TE)|.
 */
export function applyFieldMap(
  re: Float64Array,
  im: Float64Array,
  field: SliceFieldMap,
  frame: AcquisitionFrame,
  te: number,
): void {
  const du = frame.fovRead / frame.readCount;
  const dv = frame.fovPhase / frame.phaseCount;
  const thickness = frame.plane.sliceThickness;
  for (let p = 0; p < re.length; p++) {
    const attenuation =
      Math.abs(sinc((field.gradRead[p] as number) * du * te)) *
      Math.abs(sinc((field.gradPhase[p] as number) * dv * te)) *
      Math.abs(sinc((field.gradSlice[p] as number) * thickness * te));
    const angle = -2 * Math.PI * (field.hz[p] as number) * te;
    const c = attenuation * Math.cos(angle);
    const s = attenuation * Math.sin(angle);
    const r = re[p] as number;
    const i = im[p] as number;
    re[p] = r * c - i * s;
    im[p] = r * s + i * c;
  }
}
