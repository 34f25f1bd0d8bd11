/** A tiny stack for the export tests (DICOM, NIfTI): plain data, values chosen per pixel. */
import type { Protocol, SliceOrientation } from '../sequence/protocol.ts';
import { scanGeometry, type ScanGeometry } from '../simulate/geometry.ts';
import { testProtocol } from '../sequence/protocol.testing.ts';

/**
 * `sliceCount` slices of 4 × 2 pixels over a 200 × 100 mm field of view, 4 mm thick with 1 mm gaps, centred at
 * (10, 20, 30) mm in `orientation`; pixel i of slice s holds `value(s, i)`.
 */
export function tinyStack(
  orientation: SliceOrientation,
  sliceCount: number,
  value: (slice: number, pixel: number) => number,
): {
  protocol: Protocol;
  geometry: ScanGeometry;
  images: { rows: number; columns: number; magnitude: Float32Array }[];
} {
  const protocol = testProtocol({
    matrixRead: 4,
    matrixPhase: 2,
    fovRead: 0.2,
    fovPhase: 0.1,
    sliceCount,
    sliceThickness: 0.004,
    sliceGap: 0.001,
    geometry: { orientation, center: [0.01, 0.02, 0.03] },
  });
  const geometry = scanGeometry(protocol);
  const images = geometry.slices.map((plane, s) => ({
    rows: plane.rows,
    columns: plane.columns,
    magnitude: Float32Array.from({ length: plane.rows * plane.columns }, (_, i) => value(s, i)),
  }));
  return { protocol, geometry, images };
}
