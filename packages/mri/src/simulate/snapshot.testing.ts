/** One builder of scan snapshots for tests (mri's and the server's): a tiny knee scan; override what a test varies. */
import type { Protocol } from '../sequence/protocol.ts';
import { testProtocol } from './fast/phantom.testing.ts';
import type { ScanSnapshot } from './snapshot.ts';
import { testScanner, GRADIENT_LIMITED_SCANNER } from '../scanner.testing.ts';

/** The knee model's id (anatomy/registry.ts): procedural, so it builds in well under a second. */
export const KNEE_MODEL_ID = 2;

/**
 * A 2-slice sagittal GRE of the knee, 32×24 over 160 mm on the 8-channel knee coil at 1.5 T, noise level 2,
 * fast engine; `protocol` overrides merge into the protocol, the rest replaces top-level fields.
 */
export function testSnapshot(
  overrides: Partial<Omit<ScanSnapshot, 'protocol'>> & { protocol?: Partial<Protocol> } = {},
): ScanSnapshot {
  const { protocol, ...rest } = overrides;
  return {
    engine: 'cpusim',
    model: { id: KNEE_MODEL_ID },
    protocol: testProtocol({
      family: 'GRE',
      repetitionTime: 0.1,
      echoTime: 0.01,
      flipAngle: Math.PI / 6,
      fovRead: 0.16,
      fovPhase: 0.16,
      matrixRead: 32,
      matrixPhase: 24,
      sliceThickness: 0.004,
      sliceGap: 0.001,
      sliceCount: 2,
      geometry: { orientation: 'sagittal', center: [0, 0, 0] },
      ...protocol,
    }),
    scanner: testScanner({ coil: 'knee8' }),
    simulation: { noiseLevel: 2, receive: 'array' },
    tissueOverrides: {},
    seed: 3,
    ...rest,
  };
}

/** A 1-slice axial spin echo of the knee on the Bloch engine, 16×16 over 180 mm, in `chunks` spin chunks. */
export function testBlochSnapshot(chunks: number, overrides: Partial<ScanSnapshot> = {}): ScanSnapshot {
  return testSnapshot({
    engine: 'censol',
    protocol: {
      family: 'SE',
      repetitionTime: 0.5,
      echoTime: 0.02,
      flipAngle: Math.PI / 2,
      bandwidthPerPixel: 250,
      fovRead: 0.18,
      fovPhase: 0.18,
      matrixRead: 16,
      matrixPhase: 16,
      sliceThickness: 0.005,
      sliceCount: 1,
      geometry: { orientation: 'axial', center: [0, 0, 0] },
    },
    scanner: GRADIENT_LIMITED_SCANNER,
    simulation: { noiseLevel: 1, receive: 'single', chunksPerSlice: chunks },
    ...overrides,
  });
}
