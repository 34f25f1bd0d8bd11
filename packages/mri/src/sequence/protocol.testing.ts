/** The protocol builder of the tests: one full protocol, written once, with the fields a test varies on top. */
import type { Protocol } from './protocol.ts';

/** An axial SE protocol, phase along columns (top→bottom = +y), 3 mm slice; override what a test varies. */
export function testProtocol(overrides: Partial<Protocol> = {}): Protocol {
  return {
    family: 'SE',
    repetitionTime: 0.5,
    echoTime: 0.015,
    flipAngle: Math.PI / 2,
    echoTrainLength: 1,
    bandwidthPerPixel: 130,
    fovRead: 0.2,
    fovPhase: 0.2,
    matrixRead: 128,
    matrixPhase: 128,
    sliceThickness: 0.003,
    sliceGap: 0,
    sliceCount: 1,
    geometry: { orientation: 'axial', center: [0, 0, 0] },
    phaseDirection: 'column',
    nex: 1,
    phaseOversampling: 0,
    fatSaturation: false,
    partialFourier: 1,
    ...overrides,
  };
}

/**
 * The clinical 2D brain grid of the default protocols (defaults.ts `BASE`): 240 mm FOV, 256², 5 mm slices with a
 * 1 mm gap [m]. Spread it into a protocol before the fields a test varies.
 */
export const CLINICAL_BRAIN_GRID = {
  fovRead: 0.24,
  fovPhase: 0.24,
  matrixRead: 256,
  matrixPhase: 256,
  sliceThickness: 0.005,
  sliceGap: 0.001,
} as const satisfies Partial<Protocol>;
