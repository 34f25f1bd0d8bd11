/**
 * The values a console shows beside a protocol (sequence/derived.ts), as `larmor render` prints them: acquisition
 * time, the SNR of the model's reference tissue relative to it fully relaxed in the 1 × 1 × 5 mm reference, and the whole-body SAR estimate against the IEC normal-mode
 * limit. The DICOM export carries the same numbers (AcquisitionDuration, SAR).
 */
import { modelCoilSnrFactor, referenceTissueKey } from '@larmor/mri/anatomy';
import { relativeSnrPercent, sarEstimate, scanTime } from '@larmor/mri/sequence';
import { tissueAtField } from '@larmor/mri/tissue';
import type { Protocol, Scanner } from '@larmor/mri';

/** A duration [s] as the console's clock shows it: m:ss, or h:mm:ss from an hour on. */
export function formatScanTime(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * One line: 'scan time 4:16 · relative SNR 54 % · SAR 0.09 W/kg (5 % of the normal-mode limit)', the SNR that of
 * model `modelId`'s reference tissue (anatomy/referenceTissue.ts) received by the scanner's coil.
 */
export function derivedValuesLine(protocol: Protocol, scanner: Scanner, modelId: number): string {
  const sar = sarEstimate(protocol, scanner);
  const tissue = tissueAtField(referenceTissueKey(modelId), scanner.b0);
  const coil = modelCoilSnrFactor(modelId, scanner.coil, protocol.geometry.center);
  return [
    `scan time ${formatScanTime(scanTime(protocol, scanner).seconds)}`,
    `relative SNR ${relativeSnrPercent(protocol, scanner, tissue, coil).toFixed(0)} %`,
    `SAR ${sar.wattsPerKilogram.toFixed(2)} W/kg (${(100 * sar.fractionOfLimit).toFixed(0)} % of the normal-mode limit)`,
  ].join(' · ');
}
