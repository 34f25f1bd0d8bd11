/**
 * A small z-varying phantom for the 3D tests of the fast engine (simulate3d.test.ts): 1 mm voxels, 64 × 64 × 64,
 * centred on the isocentre. Plain data, no model library. Also a checksum of rendered images, to pin the 2D
 * engine's output bit for bit.
 */
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { RenderedImage } from './fast/render.ts';

/** Voxel size of the phantom [m]. */
export const VOXEL = 0.001;
/** Phantom size along each axis [voxels]. */
const SIZE = 64;

/**
 * A 64 mm cube of air holding, for each entry of `blobs`, an axis-aligned box of label `label` centred at
 * (x, y, z) [m] with half-widths `half` [m]. Tissue keys are those of phantom.testing.ts (labels 1–4).
 */
export function blobModel(
  blobs: readonly {
    label: number;
    center: readonly [number, number, number];
    half: readonly [number, number, number];
  }[],
): AnatomicalModel {
  const labels = new Uint8Array(SIZE * SIZE * SIZE);
  const o = (-(SIZE - 1) / 2) * VOXEL;
  for (let k = 0; k < SIZE; k++)
    for (let j = 0; j < SIZE; j++)
      for (let i = 0; i < SIZE; i++) {
        const p = [o + i * VOXEL, o + j * VOXEL, o + k * VOXEL];
        for (const b of blobs) {
          const inside = [0, 1, 2].every(
            (a) => Math.abs((p[a] as number) - (b.center[a] as number)) <= (b.half[a] as number),
          );
          if (inside) labels[i + SIZE * (j + SIZE * k)] = b.label;
        }
      }
  return {
    id: 0,
    name: '3D test blobs',
    volume: { dims: [SIZE, SIZE, SIZE], voxelSize: [VOXEL, VOXEL, VOXEL], origin: [o, o, o], labels },
    tissues: ['air', 'whiteMatter', 'greyMatter', 'csf', 'fat'],
    regions: [],
    features: [],
    coils: [],
  };
}

/** FNV-1a (32 bit) over the bytes of every image's magnitude, real and imaginary parts and k-space. */
export function imageChecksum(
  images: readonly RenderedImage[],
  kspace: readonly { re: Float32Array; im: Float32Array }[],
): string {
  let h = 0x811c9dc5;
  const eat = (a: Float32Array): void => {
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  };
  for (const image of images) {
    eat(image.magnitude);
    eat(image.re);
    eat(image.im);
  }
  for (const k of kspace) {
    eat(k.re);
    eat(k.im);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
