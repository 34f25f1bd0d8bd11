/** Geometry for tests: the frame a protocol acquires its first slice on. */
import type { Protocol } from '../sequence/protocol.ts';
import { acquisitionFrame, scanGeometry, type AcquisitionFrame } from './geometry.ts';

/** The acquisition frame of the protocol's first slice. */
export function firstSliceFrame(protocol: Protocol): AcquisitionFrame {
  const plane = scanGeometry(protocol).slices[0];
  if (!plane) throw new Error('no slice');
  return acquisitionFrame(protocol, plane);
}
