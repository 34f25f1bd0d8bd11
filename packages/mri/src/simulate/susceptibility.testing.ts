/**
 * Helpers of the susceptibility tests (issue 22.5): snapshots of the shipped brain, the orbitofrontal region above
 * the sinuses, a uniform field offset, and where an image's signal lies along its rows.
 */
import { labelsOnPlane } from '../anatomy/labelsOnPlane.ts';
import type { AnatomicalModel } from '../anatomy/types.ts';
import type { Protocol } from '../sequence/protocol.ts';
import { testProtocol } from '../sequence/protocol.testing.ts';
import { TEST_SCANNER } from '../scanner.testing.ts';
import type { FieldMap3d } from './fieldMap.ts';
import { firstPixelCenter, scanGeometry } from './geometry.ts';
import type { ScanEngine, ScanSnapshot } from './scanSnapshot.ts';

/** Axial slice through the orbitofrontal cortex just above the ethmoid and sphenoid sinuses (MNI z −25 mm). */
export const ORBITOFRONTAL_Z_M = -0.025;

/** A noiseless single-slice snapshot of the healthy brain (model 1) at 1.5 T, 5 mm axial, 240 mm FOV. */
export function brainSnapshot(
  engine: ScanEngine,
  protocol: Partial<Protocol>,
  susceptibility: boolean,
): ScanSnapshot {
  return {
    engine,
    model: { id: 1 },
    protocol: testProtocol({
      bandwidthPerPixel: 400,
      sliceThickness: 0.005,
      fovRead: 0.24,
      fovPhase: 0.24,
      geometry: { orientation: 'axial', center: [0, 0, ORBITOFRONTAL_Z_M] },
      ...protocol,
    }),
    scanner: { ...TEST_SCANNER, b0: 1.5 },
    simulation: { noiseLevel: 0, receive: 'single', ...(susceptibility ? { susceptibility: true } : {}) },
    tissueOverrides: {},
    seed: 1,
  };
}

/**
 * Display pixels of the snapshot's first slice in grey or white matter of the orbitofrontal cortex: MNI |x| < 30,
 * 10 < y < 60 mm, the cortex that lies over the ethmoid and sphenoid sinuses (Ojemann et al. 1997).
 */
export function orbitofrontalPixels(model: AnatomicalModel, snapshot: ScanSnapshot): number[] {
  const plane = scanGeometry(snapshot.protocol).slices[0];
  if (!plane) throw new RangeError('no slice');
  const labels = labelsOnPlane(model.volume, plane);
  const first = firstPixelCenter(plane);
  const out: number[] = [];
  for (let r = 0; r < plane.rows; r++)
    for (let c = 0; c < plane.columns; c++) {
      const at = (a: number): number =>
        (first[a] as number) +
        c * plane.columnSpacing * (plane.rowDirection[a] as number) +
        r * plane.rowSpacing * (plane.columnDirection[a] as number);
      const [xMm, yMm] = [-at(0) * 1000, -at(1) * 1000];
      const tissue = model.tissues[labels[r * plane.columns + c] as number];
      const brain = tissue === 'greyMatter' || tissue === 'whiteMatter';
      if (brain && Math.abs(xMm) < 30 && yMm > 10 && yMm < 60) out.push(r * plane.columns + c);
    }
  return out;
}

/** Mean of `image` over `pixels`. */
export const meanOver = (image: Float32Array, pixels: readonly number[]): number =>
  pixels.reduce((sum, p) => sum + (image[p] as number), 0) / pixels.length;

/** A field map of `hz` everywhere in `model` (a known, uniform offset). */
export function uniformFieldMap(model: AnatomicalModel, hz: number): FieldMap3d {
  const { dims, voxelSize, origin } = model.volume;
  const size = [0, 1, 2].map((a) => (dims[a] as number) * (voxelSize[a] as number)) as [
    number,
    number,
    number,
  ];
  return { dims: [2, 2, 2], voxelSize: size, origin, hz: new Float32Array(8).fill(hz) };
}

/** The magnitude-weighted mean row of an image of `columns` columns [rows]. */
export function centroidRow(image: ArrayLike<number>, columns: number): number {
  let sum = 0;
  let weighted = 0;
  for (let p = 0; p < image.length; p++) {
    sum += image[p] as number;
    weighted += (image[p] as number) * Math.floor(p / columns);
  }
  return weighted / sum;
}
