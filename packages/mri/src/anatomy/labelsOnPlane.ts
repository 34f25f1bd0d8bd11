/**
 * The tissue under each pixel of an image plane: the label of the voxel nearest each pixel centre (0, air,
 * outside the volume). What the simulator shows as a tissue name on hover over a localiser.
 */
import { firstPixelCenter, type ImagePlane } from '../simulate/geometry.ts';
import type { LabelVolume } from './types.ts';

/**
 * Labels of `volume` at the pixel centres of `plane`, row by row (`labels[r·columns + c]`). Pixel (r, c) has its
 * centre at firstPixelCenter + c·columnSpacing·rowDirection + r·rowSpacing·columnDirection [m]
 * (simulate/geometry.ts); voxel (i, j, k) at origin + (i·dx, j·dy, k·dz) (anatomy/types.ts).
 */
export function labelsOnPlane(volume: LabelVolume, plane: ImagePlane): Uint8Array {
  const out = new Uint8Array(plane.rows * plane.columns);
  const first = firstPixelCenter(plane);
  const [nx, ny, nz] = volume.dims;
  const [dx, dy, dz] = volume.voxelSize;
  const [ox, oy, oz] = volume.origin;
  const [rx, ry, rz] = plane.rowDirection;
  const [cx, cy, cz] = plane.columnDirection;
  for (let r = 0; r < plane.rows; r++) {
    const v = r * plane.rowSpacing;
    for (let c = 0; c < plane.columns; c++) {
      const u = c * plane.columnSpacing;
      const i = Math.round((first[0] + u * rx + v * cx - ox) / dx);
      const j = Math.round((first[1] + u * ry + v * cy - oy) / dy);
      const k = Math.round((first[2] + u * rz + v * cz - oz) / dz);
      if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) continue;
      out[r * plane.columns + c] = volume.labels[i + nx * (j + ny * k)] ?? 0;
    }
  }
  return out;
}
