/** Localisers and a slice stack shared by the planning tests (one builder with overrides). */
import { defaultProtocol } from '@larmor/mri/sequence';
import type { Protocol, Scanner } from '@larmor/mri';
import type { ScoutPlane } from './planning.ts';
import { testScanner } from '@larmor/mri/testing';

export const scanner: Scanner = testScanner();

/** A 256 × 256 sagittal scout of 1 mm pixels centred on the isocentre: right = posterior (+y), down = foot. */
export const sagittal: ScoutPlane = {
  rows: 256,
  columns: 256,
  pixelSpacing: [0.001, 0.001],
  imagePositionPatient: [0, -0.128 + 0.0005, 0.128 - 0.0005],
  imageOrientationPatient: [0, 1, 0, 0, 0, -1],
};
/** The matching axial scout: right = left (+x), down = posterior (+y). */
export const axial: ScoutPlane = {
  ...sagittal,
  imagePositionPatient: [-0.128 + 0.0005, -0.128 + 0.0005, 0],
  imageOrientationPatient: [1, 0, 0, 0, 1, 0],
};
/** The matching coronal scout: right = left (+x), down = foot (−z). */
export const coronal: ScoutPlane = {
  ...sagittal,
  imagePositionPatient: [-0.128 + 0.0005, 0, 0.128 - 0.0005],
  imageOrientationPatient: [1, 0, 0, 0, 0, -1],
};

/**
 * An axial SE stack 10 mm above the isocentre: 200 mm square FOV, 5 slices of 4 mm with 1 mm gaps (coverage
 * 24 mm), phase encoding along the image columns (A → P), no phase oversampling.
 */
export function axialStack(overrides: Partial<Protocol> = {}): Protocol {
  return {
    ...defaultProtocol('SE', scanner),
    fovRead: 0.2,
    fovPhase: 0.2,
    matrixRead: 256,
    matrixPhase: 256,
    sliceCount: 5,
    sliceThickness: 0.004,
    sliceGap: 0.001,
    phaseDirection: 'column',
    phaseOversampling: 0,
    geometry: { orientation: 'axial', center: [0, 0, 0.01] },
    ...overrides,
  };
}
