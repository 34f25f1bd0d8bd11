import { describe, expect, it } from 'vitest';
import type { ScanSnapshotBody } from '@larmor/contracts/scan-snapshot';
import { protocolRows, scannerRows } from './protocol-rows.ts';
import { testProtocol, testScanner } from '@larmor/mri/testing';

const snapshot: ScanSnapshotBody = {
  engine: 'cpusim',
  model: { id: 2 },
  protocol: testProtocol({
    fovRead: 0.16,
    fovPhase: 0.12,
    matrixRead: 256,
    matrixPhase: 192,
    sliceGap: 0.0003,
    sliceCount: 20,
    geometry: { orientation: 'sagittal', center: [0, 0, 0] },
    nex: 2,
    phaseOversampling: 0.5,
  }),
  scanner: testScanner({ maxGradient: 0.04, coil: 'Knee' }),
  simulation: { noiseLevel: 1 },
  tissueOverrides: { csf: { t1: 4 } },
  seed: 7,
};

describe('scan result parameter rows', () => {
  it('converts the snapshot’s SI units to the console’s (ms, mm, degrees, mT/m)', () => {
    const rows = Object.fromEntries(protocolRows(snapshot).map((r) => [r.name, r.value]));
    expect(rows).toMatchObject({
      Sequence: 'SE',
      TR: '500 ms',
      TE: '15 ms',
      'Flip angle': '90°',
      'FOV (read × phase)': '160 mm × 120 mm',
      'Pixel size': '0.63 mm × 0.63 mm',
      'Slice thickness': '3 mm',
      'Slice gap': '0.3 mm',
      'Phase oversampling': '50 %',
      'Fat saturation': 'Off',
    });
    expect(rows['TI']).toBeUndefined();
    const scanner = Object.fromEntries(scannerRows(snapshot).map((r) => [r.name, r.value]));
    expect(scanner).toMatchObject({
      'Field strength': '1.5 T',
      'Max gradient': '40 mT/m',
      Engine: 'Real-time simulator',
      'Tissues changed': 'csf',
    });
  });

  it('lists TI only for inversion sequences', () => {
    const ir = {
      ...snapshot,
      protocol: { ...snapshot.protocol, family: 'FLAIR' as const, inversionTime: 2.5 },
    };
    expect(protocolRows(ir).find((r) => r.name === 'TI')?.value).toBe('2500 ms');
  });
});
