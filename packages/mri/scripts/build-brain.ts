/**
 * Builds the brain model's label volume from the Colin27 average brain (Holmes et al. 1998, J Comput Assist
 * Tomogr 22:324–333; the MRIcron copies `ch2.nii.gz` and `ch2bet.nii.gz`) and writes it, gzip-compressed, to
 * packages/mri/assets/brain/colin27-labels.bin.gz. Run: `npm exec -- node packages/mri/scripts/build-brain.ts [dir]`.
 * The method is described step by step in packages/mri/assets/brain/README.md; keep the two in step.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { encodeLabelAsset } from '../src/anatomy/labelAsset.ts';
import { BRAIN_BASE_TISSUES } from '../src/anatomy/brain/tissues.ts';
import { chamferDistance, enclosedBySlice } from './distance.ts';
import { readNifti } from './nifti.ts';
import { kMeans1d } from './kmeans.ts';

const dataDir =
  process.argv[2] ?? fileURLToPath(new URL('../../../../shared/data/anatomy/colin27/', import.meta.url));
const outDir = fileURLToPath(new URL('../assets/brain/', import.meta.url));

const T = BRAIN_BASE_TISSUES.index;
/** Thicknesses and distances of the layer heuristics [mm]. */
const SKIN_MM = 2;
const SCALP_FAT_MM = 8;
const SUBARACHNOID_CSF_MM = 2.5;
const DIPLOE_MAX_MM = 14;
const SINUS_AIR_MIN_MM = 16;
/** Fraction of the mean CSF intensity below which a voxel counts as background (outside the head). */
const HEAD_THRESHOLD_OF_CSF = 0.45;

const t1 = readNifti(`${dataDir}/ch2.nii.gz`);
const bet = readNifti(`${dataDir}/ch2bet.nii.gz`);
const dims = t1.dims;
const [nx, ny, nz] = dims;
const n = nx * ny * nz;
const v = t1.data;
/** World (RAS+, mm) position of a voxel index. */
const world = (i: number, j: number, k: number): [number, number, number] => {
  const r = t1.srow;
  const w = (row: number[]): number =>
    (row[0] ?? 0) * i + (row[1] ?? 0) * j + (row[2] ?? 0) * k + (row[3] ?? 0);
  return [w(r[0]), w(r[1]), w(r[2])];
};

// 1. Brain mask and three intensity classes (CSF < GM < WM on T1) by k-means inside it.
const brain = new Uint8Array(n);
const inside: number[] = [];
for (let p = 0; p < n; p++) {
  if ((bet.data[p] ?? 0) > 0) {
    brain[p] = 1;
    inside.push(v[p] ?? 0);
  }
}
const [csfMean = 0, gmMean = 0, wmMean = 0] = kMeans1d(inside, 3);
const csfGm = (csfMean + gmMean) / 2;
const gmWm = (gmMean + wmMean) / 2;
const headThreshold = HEAD_THRESHOLD_OF_CSF * csfMean;

// 2. Head mask (enclosed regions filled slice by slice) and distances to the scalp surface and to the brain.
const open = new Uint8Array(n);
for (let p = 0; p < n; p++) open[p] = (v[p] ?? 0) < headThreshold && !brain[p] ? 1 : 0;
const head = enclosedBySlice(open, dims);
const outsideHead = new Uint8Array(n);
for (let p = 0; p < n; p++) outsideHead[p] = head[p] ? 0 : 1;
const depth = chamferDistance(outsideHead, dims);
const fromBrain = chamferDistance(brain, dims);

// 3. Intensity classes inside the brain; layers from the surface inward outside it.
const labels = new Uint8Array(n);
for (let p = 0; p < n; p++) {
  const value = v[p] ?? 0;
  const d = depth[p] ?? 0;
  const b = fromBrain[p] ?? 0;
  if (!head[p]) labels[p] = T.air;
  else if (brain[p]) labels[p] = value < csfGm ? T.csf : value < gmWm ? T.greyMatter : T.whiteMatter;
  else if (d < SKIN_MM) labels[p] = T.skin;
  else if (value < headThreshold) labels[p] = b > SINUS_AIR_MIN_MM ? T.air : T.corticalBone;
  else if (value < csfGm) labels[p] = b < SUBARACHNOID_CSF_MM ? T.csf : T.corticalBone;
  else if (value < gmWm) labels[p] = T.muscle;
  else labels[p] = d < SCALP_FAT_MM || b > DIPLOE_MAX_MM ? T.fat : T.marrow;
}

// 4. Deep grey nuclei: non-CSF voxels darker than the white-matter mean inside ellipsoids at the atlas positions of the
//    thalamus, caudate head, putamen and globus pallidus (MNI mm; Mai et al., Atlas of the Human Brain, 2008).
const NUCLEI: [number, number, number, number, number, number][] = [
  [11, -18, 7, 7, 12, 7],
  [13, 12, 10, 5, 8, 8],
  [25, 2, 1, 5, 12, 8],
  [19, -3, 0, 3, 6, 4],
];
const deepLimit = wmMean;
for (let k = 0; k < nz; k++)
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      const p = (k * ny + j) * nx + i;
      if (labels[p] !== T.greyMatter && labels[p] !== T.whiteMatter) continue;
      if ((v[p] ?? 0) >= deepLimit) continue;
      const [x, y, z] = world(i, j, k);
      for (const [cx, cy, cz, rx, ry, rz] of NUCLEI) {
        const q = ((Math.abs(x) - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 + ((z - cz) / rz) ** 2;
        if (q <= 1) labels[p] = T.deepGreyMatter;
      }
    }

// 5. Eyes: on each side, the 9 mm sphere with the most dark (vitreous-like) non-brain voxels in the orbit box
//    (MNI x 25–45, y 45–75, z −50…−25 mm), scored minus the dark voxels of a 13–16 mm shell (orbital fat is bright);
//    a globe of 11.5 mm radius (adult axial length ≈ 24 mm) and a lens 8.5 mm in front of its centre.
const GLOBE_MM = 11.5;
function darkCount(cx: number, cy: number, cz: number): number {
  let c = 0;
  for (let dz = -16; dz <= 16; dz += 2)
    for (let dy = -16; dy <= 16; dy += 2)
      for (let dx = -16; dx <= 16; dx += 2) {
        const r2 = dx * dx + dy * dy + dz * dz;
        const weight = r2 <= 81 ? 1 : r2 >= 169 && r2 <= 256 && dy <= 0 ? -0.5 : 0;
        if (weight === 0) continue;
        const i = cx + dx + 90;
        const j = cy + dy + 125;
        const k = cz + dz + 71;
        const p = (k * ny + j) * nx + i;
        if (!brain[p] && head[p] && (v[p] ?? 0) < csfGm) c += weight;
      }
  return c;
}
const eyes: [number, number, number][] = [];
for (const side of [-1, 1]) {
  let best: [number, number, number] = [side * 32, 50, -38];
  let bestCount = -Infinity;
  for (let z = -50; z <= -25; z++)
    for (let y = 45; y <= 75; y++)
      for (let x = 25; x <= 45; x++) {
        const c = darkCount(side * x, y, z);
        if (c > bestCount) {
          bestCount = c;
          best = [side * x, y, z];
        }
      }
  eyes.push(best);
}
for (let k = 0; k < nz; k++)
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      const p = (k * ny + j) * nx + i;
      if (brain[p]) continue;
      const [x, y, z] = world(i, j, k);
      for (const [ex, ey, ez] of eyes) {
        const r2 = (x - ex) ** 2 + (y - ey) ** 2 + (z - ez) ** 2;
        if (r2 <= GLOBE_MM ** 2) labels[p] = T.vitreous;
        const lens = ((x - ex) / 4.5) ** 2 + ((y - ey - 8.5) / 2) ** 2 + ((z - ez) / 4.5) ** 2;
        if (lens <= 1) labels[p] = T.lens;
      }
    }

// 6. Vessels (venous blood): the superior sagittal sinus (midline, just outside the brain, above the AC plane) and the
//    transverse sinuses (along the occipital bone at the tentorium).
for (let k = 0; k < nz; k++)
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) {
      const p = (k * ny + j) * nx + i;
      if (brain[p] || !head[p] || labels[p] === T.skin || labels[p] === T.air) continue;
      const [x, y, z] = world(i, j, k);
      const b = fromBrain[p] ?? 0;
      const sagittal = Math.abs(x) <= 3.5 && z > 5 && b <= 4;
      const transverse = y < -75 && z > -14 && z < -2 && Math.abs(x) > 8 && b <= 3;
      if (sagittal || transverse) labels[p] = T.venousBlood;
    }

// 7. Arteries (blood) of the circle of Willis and its main branches, as tubes through the basal cisterns and
//    fissures (MNI mm; positions after Mai et al. 2008 and the MNI-space vessel atlas of Mouches & Forkert, Sci Data
//    2019;6:29). Painted only over CSF and grey matter, where these vessels run.
const ARTERIES: [number, number, number, number, number, number, number][] = [];
const tube = (path: [number, number, number][], radius: number, bothSides: boolean): void => {
  for (const side of bothSides ? [-1, 1] : [1]) {
    for (let s = 0; s + 1 < path.length; s++) {
      const [ax = 0, ay = 0, az = 0] = path[s] ?? [];
      const [bx = 0, by = 0, bz = 0] = path[s + 1] ?? [];
      ARTERIES.push([side * ax, ay, az, side * bx, by, bz, radius]);
    }
  }
};
tube(
  [
    [0, -16, -38],
    [0, -13, -14],
  ],
  1.6,
  false,
); // basilar
tube(
  [
    [0, -13, -14],
    [9, -18, -12],
    [20, -35, -6],
    [25, -60, 0],
  ],
  1.2,
  true,
); // posterior cerebral
tube(
  [
    [19, 0, -32],
    [18, 2, -14],
  ],
  2.0,
  true,
); // internal carotid (supraclinoid)
tube(
  [
    [18, 2, -14],
    [30, 4, -10],
    [38, 4, -4],
    [40, -2, 8],
  ],
  1.5,
  true,
); // middle cerebral, M1 to insula
tube(
  [
    [18, 2, -14],
    [4, 14, -8],
    [3, 30, 6],
    [3, 24, 32],
    [3, -5, 44],
  ],
  1.2,
  true,
); // anterior cerebral
const arteryLabels = [T.csf, T.greyMatter];
for (const [ax, ay, az, bx, by, bz, r] of ARTERIES) {
  const [i0, i1] = [Math.min(ax, bx) - r, Math.max(ax, bx) + r].map((w) => Math.round(w + 90)) as [
    number,
    number,
  ];
  const [j0, j1] = [Math.min(ay, by) - r, Math.max(ay, by) + r].map((w) => Math.round(w + 125)) as [
    number,
    number,
  ];
  const [k0, k1] = [Math.min(az, bz) - r, Math.max(az, bz) + r].map((w) => Math.round(w + 71)) as [
    number,
    number,
  ];
  const [ux, uy, uz] = [bx - ax, by - ay, bz - az];
  const len2 = ux * ux + uy * uy + uz * uz;
  for (let k = k0; k <= k1; k++)
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) {
        const p = (k * ny + j) * nx + i;
        if (!arteryLabels.includes(labels[p] ?? 0)) continue;
        const [x, y, z] = world(i, j, k);
        const t = Math.min(1, Math.max(0, ((x - ax) * ux + (y - ay) * uy + (z - az) * uz) / len2));
        if ((x - ax - ux * t) ** 2 + (y - ay - uy * t) ** 2 + (z - az - uz * t) ** 2 <= r * r)
          labels[p] = T.blood;
      }
}

// 8. Reorder RAS voxel order into LPS (x and y flipped) and write.
const lps = new Uint8Array(n);
for (let k = 0; k < nz; k++)
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++)
      lps[(k * ny + (ny - 1 - j)) * nx + (nx - 1 - i)] = labels[(k * ny + j) * nx + i] ?? 0;
const [x0, y0, z0] = world(nx - 1, ny - 1, 0);
const mm = 0.001;
const bytes = encodeLabelAsset({
  tissues: BRAIN_BASE_TISSUES.keys,
  volume: {
    dims,
    voxelSize: [t1.pixdim[0] * mm, t1.pixdim[1] * mm, t1.pixdim[2] * mm],
    origin: [-x0 * mm, -y0 * mm, z0 * mm],
    labels: lps,
  },
});
mkdirSync(outDir, { recursive: true });
const gz = gzipSync(bytes, { level: 9 });
writeFileSync(`${outDir}/colin27-labels.bin.gz`, gz);

const counts = new Array<number>(BRAIN_BASE_TISSUES.keys.length).fill(0);
for (const l of lps) counts[l] = (counts[l] ?? 0) + 1;
console.log(`class means: CSF ${csfMean.toFixed(1)}, GM ${gmMean.toFixed(1)}, WM ${wmMean.toFixed(1)}`);
console.log(`eyes (RAS mm): ${JSON.stringify(eyes)}`);
console.log(BRAIN_BASE_TISSUES.keys.map((key, i) => `${key} ${counts[i]}`).join(', '));
console.log(`wrote colin27-labels.bin.gz: ${gz.length} bytes`);
