import { defaultProtocol, relativeSnrPercent, sarEstimate, scanTime } from '@larmor/mri/sequence';
import { modelCoilSnrFactor } from '@larmor/mri/anatomy';
import { tissueAtField } from '@larmor/mri/tissue';
import type { Scanner } from '@larmor/mri';
import { describe, expect, it } from 'vitest';
import { derivedValuesLine, formatScanTime } from './derived.ts';
import { testScanner } from '@larmor/mri/testing';

describe('derived values printed by larmor render', () => {
  it('formats the scan time as m:ss, and h:mm:ss from an hour on', () => {
    expect([0, 9.6, 61, 599.4, 3725].map(formatScanTime)).toEqual([
      '0:00',
      '0:10',
      '1:01',
      '9:59',
      '1:02:05',
    ]);
  });

  it("prints scan time, the relative SNR of the model's reference tissue (knee: muscle) in its coil and SAR with the values of sequence/derived.ts", () => {
    const scanner: Scanner = testScanner({ b0: 3, coil: 'knee8' });
    const protocol = defaultProtocol('TSE', scanner);
    const kneeCoil = modelCoilSnrFactor(2, 'knee8', protocol.geometry.center);
    expect(Math.abs(kneeCoil - 1)).toBeGreaterThan(0.1);
    const sar = sarEstimate(protocol, scanner);
    expect(derivedValuesLine(protocol, scanner, 2)).toBe(
      `scan time ${formatScanTime(scanTime(protocol, scanner).seconds)} · ` +
        `relative SNR ${relativeSnrPercent(protocol, scanner, tissueAtField('muscle', 3), kneeCoil).toFixed(0)} % · ` +
        `SAR ${sar.wattsPerKilogram.toFixed(2)} W/kg (${(100 * sar.fractionOfLimit).toFixed(0)} % of the normal-mode limit)`,
    );
    expect(sar.wattsPerKilogram).toBeGreaterThan(0);
  });
});
