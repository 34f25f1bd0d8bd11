/**
 * The air spaces of the skull base in the Colin27 brain: the paranasal sinuses (frontal, ethmoid, sphenoid,
 * maxillary), the nasal cavity and the mastoid air cells. On the T1 the label volume was segmented from, air and
 * cortical bone are equally dark, and the build (assets/brain/README.md, step 3) calls a dark voxel air only more
 * than 16 mm from the brain, so the sphenoid and ethmoid sinuses, the nasal cavity under the frontal lobes and the
 * mastoids came out as one thick block of "cortical bone". Their susceptibility differs by 11.7 ppm (air +9.41,
 * bone −2.25 relative to water; Schenck, Med Phys 1996;23:815; Hopkins & Wehrli, MRM 1997;37:494), and the air is
 * what dephases the orbitofrontal and inferior temporal cortex in a gradient echo (Ojemann et al., NeuroImage
 * 1997;6:156). So at load time, inside boxes at the atlas positions of those spaces (MNI mm; Colin27 is in MNI
 * space), the dark voxels deeper than AIR_WALL_MM inside the dark block become air (label 0), and thin walls and
 * the calvarium (a few mm of cortical bone around the marrow of the diploë) stay bone.
 */
import type { LabelVolume } from '../types.ts';

/** Bone kept around an air space [mm]: cortical-bone voxels within this 6-neighbour distance of other tissue. */
export const AIR_WALL_MM = 2;

/** A box in MNI coordinates [mm] (x right, y anterior, z superior), |x| when `mirrored`. */
interface MniBox {
  name: string;
  x: readonly [number, number];
  y: readonly [number, number];
  z: readonly [number, number];
  mirrored: boolean;
}

/**
 * Where the skull base's air spaces lie in MNI space [mm] (from the Colin27 labels' dark block under the frontal
 * lobes and behind the external auditory meati; Talairach & Tournoux 1988 anatomy): the nasal cavity with the
 * ethmoid, sphenoid and maxillary sinuses; the frontal sinus; the mastoid air cells on each side.
 */
export const AIR_SPACE_BOXES_MNI_MM: readonly MniBox[] = [
  {
    name: 'nasal cavity and ethmoid, sphenoid, maxillary sinuses',
    x: [0, 40],
    y: [-12, 85],
    z: [-75, -22],
    mirrored: true,
  },
  { name: 'frontal sinus', x: [0, 20], y: [55, 90], z: [-22, 25], mirrored: true },
  { name: 'mastoid air cells', x: [38, 70], y: [-55, -15], z: [-55, -20], mirrored: true },
];

/** Whether the LPS position [m] of a Colin27 voxel lies in an air-space box. */
function inAirBox(lps: readonly [number, number, number]): boolean {
  const x = -lps[0] * 1000;
  const y = -lps[1] * 1000;
  const z = lps[2] * 1000;
  return AIR_SPACE_BOXES_MNI_MM.some(
    (b) =>
      (b.mirrored ? Math.abs(x) : x) >= b.x[0] &&
      (b.mirrored ? Math.abs(x) : x) <= b.x[1] &&
      y >= b.y[0] &&
      y <= b.y[1] &&
      z >= b.z[0] &&
      z <= b.z[1],
  );
}

/**
 * Relabels, in place, the cortical-bone voxels (label `corticalBone`) inside AIR_SPACE_BOXES_MNI_MM that lie more
 * than AIR_WALL_MM (6-neighbour steps of the grid) from any voxel of another label: they become air (label 0).
 * Deterministic; returns the number of voxels relabelled.
 */
export function paintAirSpaces(volume: LabelVolume, corticalBone: number): number {
  const [nx, ny, nz] = volume.dims;
  const labels = volume.labels;
  const steps = Math.max(1, Math.round(AIR_WALL_MM / (volume.voxelSize[0] * 1000)));
  // Erode the bone mask `steps` times (a voxel stays when it and its six neighbours stay).
  let inside = new Uint8Array(labels.length);
  for (let p = 0; p < labels.length; p++) inside[p] = labels[p] === corticalBone ? 1 : 0;
  for (let s = 0; s < steps; s++) {
    const next = new Uint8Array(labels.length);
    for (let k = 1; k < nz - 1; k++)
      for (let j = 1; j < ny - 1; j++)
        for (let i = 1; i < nx - 1; i++) {
          const p = i + nx * (j + ny * k);
          next[p] =
            inside[p] &&
            inside[p - 1] &&
            inside[p + 1] &&
            inside[p - nx] &&
            inside[p + nx] &&
            inside[p - nx * ny] &&
            inside[p + nx * ny]
              ? 1
              : 0;
        }
    inside = next;
  }
  let count = 0;
  const [ox, oy, oz] = volume.origin;
  const [dx, dy, dz] = volume.voxelSize;
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        const p = i + nx * (j + ny * k);
        if (!inside[p] || !inAirBox([ox + i * dx, oy + j * dy, oz + k * dz])) continue;
        labels[p] = 0;
        count++;
      }
  return count;
}
