/**
 * The dipole convolution of the susceptibility field map (./fieldMap.ts; Salomir et al., Concepts Magn Reson B
 * 2003;19:26; Marques & Bowtell, Concepts Magn Reson B 2005;25:65): ΔB_z(k) = B0 · χ(k) · (1/3 − k_z²/|k|²),
 * Lorentz-corrected, B0 along +z, SI χ, on a zero-padded grid so the periodic FFT folds back only the weak far
 * field (it falls as 1/r³); the k = 0 term (a uniform offset the shim removes) is set to 0.
 */
import { GYROMAGNETIC_RATIO_HZ_PER_T } from '../constants.ts';
import { nextPowerOfTwo } from '../recon/fft.ts';
import { createFft3d } from '../recon/fftnd.ts';
import type { Tesla } from '../units.ts';

/** Zero padding of the χ volume before the 3D FFT, as a factor of its size (default). */
export const DIPOLE_PADDING = 1.5;

/**
 * The field offset [Hz] of a susceptibility distribution `chi` [ppm, SI; any reference: a uniform part adds only
 * the k = 0 term, which is dropped] on a grid of `dims` voxels of `voxelSize` [m], x fastest: the dipole kernel
 * B0·(1/3 − k_z²/|k|²) applied in k-space on a grid zero-padded to the next power of two ≥ `padding`× each side.
 */
export function dipoleFieldHz(
  chi: Float64Array,
  dims: readonly [number, number, number],
  voxelSize: readonly [number, number, number],
  b0: Tesla,
  padding = DIPOLE_PADDING,
): Float32Array {
  const [cx, cy, cz] = dims;
  const [px, py, pz] = [cx, cy, cz].map((n) => nextPowerOfTwo(Math.max(2, Math.ceil(padding * n)))) as [
    number,
    number,
    number,
  ];
  const re = new Float64Array(px * py * pz);
  const im = new Float64Array(px * py * pz);
  // Place the volume at the centre of the padded grid.
  const [ox, oy, oz] = [(px - cx) >> 1, (py - cy) >> 1, (pz - cz) >> 1];
  for (let k = 0; k < cz; k++) {
    for (let j = 0; j < cy; j++) {
      for (let i = 0; i < cx; i++)
        re[i + ox + px * (j + oy + py * (k + oz))] = chi[i + cx * (j + cy * k)] as number;
    }
  }
  const fft = createFft3d(pz, py, px);
  fft.forward(re, im);
  const scale = b0 * 1e-6 * GYROMAGNETIC_RATIO_HZ_PER_T;
  const [dx, dy, dz] = voxelSize;
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
  return hz;
}
