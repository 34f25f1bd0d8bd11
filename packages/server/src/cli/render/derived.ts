/**
 * The values a console shows beside a protocol (sequence/derived.ts), as `larmor render` prints them: acquisition
 * time, SNR relative to the 1 × 1 × 5 mm reference, and the whole-body SAR estimate against the IEC normal-mode
 * limit. The DICOM export carries the same numbers (AcquisitionDuration, SAR).
 */
import { relativeSnrPercent, sarEstimate, scanTime, type Protocol, type Scanner } from '@larmor/mri';

/** A duration [s] as the console's clock shows it: m:ss, or h:mm:ss from an hour on. */
export function formatScanTime(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** One line: 'scan time 4:16 · relative SNR 100 % · SAR 0.09 W/kg (5 % of the normal-mode limit)'. */
export function derivedValuesLine(protocol: Protocol, scanner: Scanner): string {
  const sar = sarEstimate(protocol, scanner);
  return [
    `scan time ${formatScanTime(scanTime(protocol, scanner).seconds)}`,
    `relative SNR ${relativeSnrPercent(protocol, scanner).toFixed(0)} %`,
    `SAR ${sar.wattsPerKilogram.toFixed(2)} W/kg (${(100 * sar.fractionOfLimit).toFixed(0)} % of the normal-mode limit)`,
  ].join(' · ');
}
