/**
 * Test helper: the display pixels of a protocol's centre slice that lie wholly in one tissue (partial-volume
 * fraction ≥ 0.99, from @larmor/mri's label resampling on the image grid), so a test can compare tissues'
 * brightness in an image the engine, or the page, shows.
 */
import { type AnatomicalModel, resampleSlice } from '@larmor/mri/anatomy';
import type { Protocol } from '@larmor/mri';
import { scanGeometry } from '@larmor/mri/simulate';

export function pureTissuePixels(anatomy: AnatomicalModel, protocol: Protocol, tissue: string): number[] {
  const planes = scanGeometry(protocol).slices;
  const plane = planes[Math.floor(planes.length / 2)];
  const label = anatomy.tissues.indexOf(tissue);
  if (!plane || label < 0) throw new Error(`no ${tissue} in this model or no slice`);
  const { fractions } = resampleSlice(
    anatomy,
    { center: plane.center, row: plane.rowDirection, column: plane.columnDirection, normal: plane.normal },
    {
      nx: plane.columns,
      ny: plane.rows,
      pixelSpacing: [plane.columnSpacing, plane.rowSpacing],
      sliceThickness: plane.sliceThickness,
    },
  );
  const fraction = fractions[label] as Float32Array;
  const out: number[] = [];
  for (let i = 0; i < fraction.length; i++) if ((fraction[i] as number) >= 0.99) out.push(i);
  return out;
}

export function meanAt(values: ArrayLike<number>, pixels: readonly number[]): number {
  let sum = 0;
  for (const p of pixels) sum += values[p] as number;
  return sum / pixels.length;
}
