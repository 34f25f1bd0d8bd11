/**
 * Test helpers that measure painted lesions: connected components of one label and how far a component is from
 * a sphere.
 */
import type { LabelVolume } from './types.ts';

/** One 6-connected component: its voxel indices, volume [m³] and centroid (LPS) [m]. */
export interface Component {
  voxels: number[];
  volume: number;
  centroid: [number, number, number];
}

/** The 6-connected components of `label` in `volume`, largest first. */
export function labelComponents(volume: LabelVolume, label: number): Component[] {
  const [nx, ny, nz] = volume.dims;
  const [dx, dy, dz] = volume.voxelSize;
  const seen = new Uint8Array(volume.labels.length);
  const out: Component[] = [];
  for (let start = 0; start < volume.labels.length; start++) {
    if (volume.labels[start] !== label || seen[start]) continue;
    const voxels: number[] = [start];
    seen[start] = 1;
    for (let q = 0; q < voxels.length; q++) {
      const p = voxels[q] as number;
      const i = p % nx;
      const j = Math.floor(p / nx) % ny;
      const k = Math.floor(p / (nx * ny));
      const next = [
        i > 0 ? p - 1 : -1,
        i < nx - 1 ? p + 1 : -1,
        j > 0 ? p - nx : -1,
        j < ny - 1 ? p + nx : -1,
        k > 0 ? p - nx * ny : -1,
        k < nz - 1 ? p + nx * ny : -1,
      ];
      for (const n of next) {
        if (n < 0 || seen[n] || volume.labels[n] !== label) continue;
        seen[n] = 1;
        voxels.push(n);
      }
    }
    const c: [number, number, number] = [0, 0, 0];
    for (const p of voxels) {
      c[0] += volume.origin[0] + (p % nx) * dx;
      c[1] += volume.origin[1] + (Math.floor(p / nx) % ny) * dy;
      c[2] += volume.origin[2] + Math.floor(p / (nx * ny)) * dz;
    }
    out.push({
      voxels,
      volume: voxels.length * dx * dy * dz,
      centroid: [c[0] / voxels.length, c[1] / voxels.length, c[2] / voxels.length],
    });
  }
  return out.sort((a, b) => b.volume - a.volume);
}

/**
 * Non-sphericity of a component: the volume of its symmetric difference with the sphere of equal volume centred
 * on its centroid, divided by its volume. A voxelised sphere scores about 0.05–0.15 (the stair steps); an ovoid of
 * axis ratio 2 about 0.4; irregular lobulated shapes more.
 */
export function sphereMismatch(volume: LabelVolume, component: Component): number {
  const [nx, ny] = volume.dims;
  const [dx, dy, dz] = volume.voxelSize;
  const radius = Math.cbrt((3 * component.volume) / (4 * Math.PI));
  const [cx, cy, cz] = component.centroid;
  const inside = new Set(component.voxels);
  let outsideSphere = 0;
  for (const p of component.voxels) {
    const x = volume.origin[0] + (p % nx) * dx - cx;
    const y = volume.origin[1] + (Math.floor(p / nx) % ny) * dy - cy;
    const z = volume.origin[2] + Math.floor(p / (nx * ny)) * dz - cz;
    if (x * x + y * y + z * z > radius * radius) outsideSphere++;
  }
  // Sphere voxels the component misses: sphere voxel count minus the component voxels inside the sphere.
  let sphereVoxels = 0;
  let shared = 0;
  const [ni, nj, nk] = [Math.ceil(radius / dx), Math.ceil(radius / dy), Math.ceil(radius / dz)];
  const ci = Math.round((cx - volume.origin[0]) / dx);
  const cj = Math.round((cy - volume.origin[1]) / dy);
  const ck = Math.round((cz - volume.origin[2]) / dz);
  for (let k = ck - nk; k <= ck + nk; k++)
    for (let j = cj - nj; j <= cj + nj; j++)
      for (let i = ci - ni; i <= ci + ni; i++) {
        const x = volume.origin[0] + i * dx - cx;
        const y = volume.origin[1] + j * dy - cy;
        const z = volume.origin[2] + k * dz - cz;
        if (x * x + y * y + z * z > radius * radius) continue;
        sphereVoxels++;
        if (inside.has((k * ny + j) * nx + i)) shared++;
      }
  return (outsideSphere + (sphereVoxels - shared)) / component.voxels.length;
}
