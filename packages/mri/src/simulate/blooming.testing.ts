/**
 * A constructed case for the blooming tests (issue 22.5): a cube of white matter, 1 mm voxels, with one sphere
 * of chronic haemorrhage at its centre, and its gradient-echo and spin-echo images on an axial slice through the
 * sphere by the fast engine with the model's field map (./fieldMap.ts, with the fine detail of ./fieldMapDetail.ts).
 */
import type { LabelVolume } from '../anatomy/types.ts';
import { testScanner } from '../scanner.testing.ts';
import { testProtocol } from '../sequence/protocol.testing.ts';
import { tissueAtField } from '../tissue/library.ts';
import type { Tesla } from '../units.ts';
import { FIELD_MAP_STEP, sliceFieldMap, susceptibilityFieldMap, type FieldMap3d } from './fieldMap.ts';
import { prepareSlice } from './fast/prepare.ts';
import { renderContrast } from './fast/render.ts';
import { firstSliceFrame } from './geometry.testing.ts';

/** Side of the cube [voxels of 1 mm] and the sphere's radius [m]. */
export const CUBE_VOXELS = 72;
export const FOCUS_RADIUS = 0.0025;
/** Labels: 1 white matter, 2 haemorrhage (no air inside the cube). */
export const CUBE_TISSUES = ['air', 'whiteMatter', 'haemorrhage'] as const;

/** The cube, centred on the isocentre, the sphere at its centre. */
export function haemorrhageCube(): LabelVolume {
  const n = CUBE_VOXELS;
  const o = (-(n - 1) / 2) * 0.001;
  const labels = new Uint8Array(n * n * n);
  for (let k = 0; k < n; k++)
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++)
        labels[i + n * (j + n * k)] =
          Math.hypot(o + i * 0.001, o + j * 0.001, o + k * 0.001) <= FOCUS_RADIUS ? 2 : 1;
  return { dims: [n, n, n], voxelSize: [0.001, 0.001, 0.001], origin: [o, o, o], labels };
}

/** The cube's field map at `b0` [T]: library χ, 3 mm blocks, with (default) or without the sphere's fine detail. */
export function cubeFieldMap(volume: LabelVolume, b0: Tesla, detail = true): FieldMap3d {
  const chi = CUBE_TISSUES.map((key, label) =>
    label === 0 ? undefined : tissueAtField(key, b0).susceptibilityPpm,
  );
  return susceptibilityFieldMap(volume, chi, b0, FIELD_MAP_STEP, detail ? [2] : []);
}

/** Pixel size of the images [m] (64 mm field of view, 64 × 64). */
export const PIXEL = 0.001;

/**
 * The magnitude image [row][column] of a noiseless axial slice (5 mm, as clinical T2*-weighted GRE) through the sphere: GRE (flip 20°) or SE
 * (90°), TR 500 ms, at `echoTime` [s] and `b0` [T], with the field map `map` (or none).
 */
export function cubeImage(
  volume: LabelVolume,
  family: 'GRE' | 'SE',
  echoTime: number,
  b0: Tesla,
  map: FieldMap3d | undefined,
): Float32Array {
  const protocol = testProtocol({
    family,
    echoTime,
    repetitionTime: 0.5,
    flipAngle: family === 'GRE' ? 0.35 : Math.PI / 2,
    fovRead: 0.064,
    fovPhase: 0.064,
    matrixRead: 64,
    matrixPhase: 64,
    sliceThickness: 0.005,
  });
  const frame = firstSliceFrame(protocol);
  const tissues = CUBE_TISSUES.map((key, label) => (label === 0 ? undefined : tissueAtField(key, b0)));
  const prepared = prepareSlice(volume, frame);
  return renderContrast(prepared, protocol, testScanner({ b0 }), {
    tissues,
    ...(map ? { fieldMap: sliceFieldMap(map, frame) } : {}),
  }).magnitude;
}

/**
 * The dark area of an image of the cube [pixels]: pixels within 12 mm of the sphere's centre whose magnitude is
 * below half the surrounding tissue's (the mean over the ring 18–26 mm from the centre), and the area of the
 * sphere's own cross-section on the slice [pixels].
 */
export function darkArea(image: Float32Array, columns = 64): { dark: number; own: number } {
  const rows = image.length / columns;
  const radiusOf = (p: number): number =>
    Math.hypot((p % columns) - columns / 2, Math.floor(p / columns) - rows / 2) * PIXEL;
  let sum = 0;
  let n = 0;
  image.forEach((m, p) => {
    const r = radiusOf(p);
    if (r >= 0.018 && r <= 0.026) {
      sum += m;
      n++;
    }
  });
  const surrounding = sum / n;
  let dark = 0;
  let own = 0;
  image.forEach((m, p) => {
    const r = radiusOf(p);
    if (r > 0.012) return;
    if (m < 0.5 * surrounding) dark++;
    if (r <= FOCUS_RADIUS) own++;
  });
  return { dark, own };
}
