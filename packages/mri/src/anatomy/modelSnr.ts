/**
 * The console's relative SNR of a scan of an anatomical model: that of the model's reference tissue
 * (referenceTissue.ts) for the protocol's contrast, received by the scanner's coil at the slice centre
 * (modelCoils.ts), from sequence/derived.ts `relativeSnrPercent`. One function for the parameter panel, the scan
 * comparison and the exports, so all three give the same figure.
 */
import { relativeSnrPercent } from '../sequence/derived.ts';
import type { Protocol, Scanner } from '../sequence/protocol.ts';
import { tissueAtField } from '../tissue/library.ts';
import { modelCoilSnrFactor } from './modelCoils.ts';
import { referenceTissueKey } from './referenceTissue.ts';

/** Relative SNR [%] of anatomical model `modelId`'s reference tissue scanned with `protocol` on `scanner`. */
export function modelSnrPercent(protocol: Protocol, scanner: Scanner, modelId: number): number {
  return relativeSnrPercent(
    protocol,
    scanner,
    tissueAtField(referenceTissueKey(modelId), scanner.b0),
    modelCoilSnrFactor(modelId, scanner.coil, protocol.geometry.center),
  );
}
