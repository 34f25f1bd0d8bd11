/**
 * A point spin through the Bloch engine and `blochMagnitudeImage`, for the geometry tests of the timeline
 * builder (off-centre FOV, every orientation, slice stacks).
 */
import { blochMagnitudeImage } from '../../simulate/bloch/recon.ts';
import { simulateBloch } from '../../simulate/bloch/engine.ts';
import { createSpinSet } from '../../simulate/bloch/spins.ts';
import { createWasmKernels } from '../../simulate/bloch/wasmKernels.ts';
import { acquisitionFrame, add, scale, scanGeometry } from '../../simulate/geometry.ts';
import type { Vec3 } from '../../units.ts';
import type { Protocol } from '../protocol.ts';
import { axesOf } from './context.ts';
import { buildTimeline } from './index.ts';
import { GRADIENT_LIMITED_SCANNER as scanner } from '../../scanner.testing.ts';

/**
 * Patient position [m] of the centre of pixel (row, column) of slice `slice`: centre + (c − M/2)·Δc·row +
 * (r − N/2)·Δr·column (docs/conventions.md).
 */
export function pixelPosition(p: Protocol, pixel: [number, number], slice = 0): Vec3 {
  const plane = scanGeometry(p).slices[slice];
  if (!plane) throw new Error(`no slice ${slice}`);
  const [r, c] = pixel;
  return add(
    plane.center,
    add(
      scale(plane.rowDirection, (c - plane.columns / 2) * plane.columnSpacing),
      scale(plane.columnDirection, (r - plane.rows / 2) * plane.rowSpacing),
    ),
  );
}

/**
 * The Bloch image of slice `slice` (its own timeline) of one spin at `at` [m]: the brightest pixel, the
 * magnitude-weighted centroid of its 3×3 neighbourhood, the fraction of the image's energy (Σ|m|²) in that
 * neighbourhood, and the peak magnitude.
 */
export function pointImage(
  p: Protocol,
  at: Vec3,
  t2: number,
  options: { dummyScans?: number; slice?: number } = {},
): { peak: [number, number]; centroid: [number, number]; concentration: number; peakValue: number } {
  const slice = options.slice ?? 0;
  const plane = scanGeometry(p).slices[slice];
  if (!plane) throw new Error(`no slice ${slice}`);
  const frame = acquisitionFrame(p, plane);
  const timeline = buildTimeline(p, scanner, {
    slice,
    ...(options.dummyScans === undefined ? {} : { dummyScans: options.dummyScans }),
  });
  const spins = createSpinSet({ x: [at[0]], y: [at[1]], z: [at[2]], rho: [1], t1: [0.6], t2: [t2] });
  const signal = simulateBloch({ timeline, spins }, { kernels: createWasmKernels });
  const image = blochMagnitudeImage(signal, timeline, axesOf(p).phase, frame);
  let peak = 0;
  for (let i = 1; i < image.magnitude.length; i++)
    if ((image.magnitude[i] ?? 0) > (image.magnitude[peak] ?? 0)) peak = i;
  const [pr, pc] = [Math.floor(peak / image.columns), peak % image.columns];
  let [sum, sr, sc, near] = [0, 0, 0, 0];
  for (let dr = -1; dr <= 1; dr++)
    for (let dc = -1; dc <= 1; dc++) {
      const [rr, cc] = [pr + dr, pc + dc];
      if (rr < 0 || cc < 0 || rr >= image.rows || cc >= image.columns) continue;
      const m = image.magnitude[rr * image.columns + cc] ?? 0;
      [sum, sr, sc, near] = [sum + m, sr + m * rr, sc + m * cc, near + m * m];
    }
  let energy = 0;
  for (const m of image.magnitude) energy += m * m;
  return {
    peak: [pr, pc],
    centroid: [sr / sum, sc / sum],
    concentration: near / energy,
    peakValue: image.magnitude[peak] ?? 0,
  };
}
