/**
 * The benchmarks' reference scan, written once: SE TR 0.5 s, TE 15 ms, 256 × 256 over 0.24 m, 5 mm slices with a
 * 1 mm gap, axial around `z` [m], on a 1.5 T scanner with the brain's 16-element head array. The fast suite, the
 * scan-slice figure (runSlice.ts) and the preview figures (preview.ts) all time this scan.
 */
import type { Protocol, Scanner } from '@larmor/mri';
import { CLINICAL_BRAIN_GRID, testProtocol } from '@larmor/mri/testing';

export const REFERENCE_SCANNER: Scanner = { b0: 1.5, maxGradient: 0.045, maxSlewRate: 200, coil: 'head16' };

/** The reference SE protocol with `sliceCount` slices centred at height `z` [m]. */
export function referenceProtocol(sliceCount: number, z = 0.01): Protocol {
  return testProtocol({
    ...CLINICAL_BRAIN_GRID,
    sliceCount,
    geometry: { orientation: 'axial', center: [0, 0, z] },
  });
}
