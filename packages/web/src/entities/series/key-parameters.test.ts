import { describe, expect, it } from 'vitest';
import type { ProtocolBody } from '@larmor/contracts/scan-snapshot';
import { keyParameters, scanTimeInWords } from './key-parameters.ts';

const base = {
  family: 'SE',
  repetitionTime: 0.5,
  echoTime: 0.015,
  flipAngle: Math.PI / 2,
  matrixRead: 256,
  matrixPhase: 192,
  fovRead: 0.24,
  fovPhase: 0.18,
  sliceThickness: 0.005,
} as unknown as ProtocolBody;

describe('a series’ key parameters in words with units (issue 20.5)', () => {
  it('shows TR, TE, flip, matrix, FOV, slice thickness and scan time in console units, no TI without inversion', () => {
    expect(keyParameters(base, 128)).toEqual([
      { name: 'TR', value: '500 ms' },
      { name: 'TE', value: '15 ms' },
      { name: 'Flip', value: '90°' },
      { name: 'Matrix', value: '256 × 192' },
      { name: 'FOV', value: '240 × 180 mm' },
      { name: 'Slice thickness', value: '5 mm' },
      { name: 'Scan time', value: '2 min 08 s' },
    ]);
  });

  it('shows TI after TE for an inversion-recovery protocol', () => {
    const flair = { ...base, inversionTime: 2.42 };
    expect(
      keyParameters(flair, 30)
        .slice(0, 3)
        .map((r) => `${r.name} ${r.value}`),
    ).toEqual(['TR 500 ms', 'TE 15 ms', 'TI 2420 ms']);
  });

  it('says a scan time under a minute in seconds', () => {
    expect(scanTimeInWords(16.4)).toBe('16 s');
    expect(scanTimeInWords(3600)).toBe('60 min 00 s');
  });
});
