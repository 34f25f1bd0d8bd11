import { describe, expect, it } from 'vitest';
import { testProtocol } from '../simulate/fast/phantom.testing.ts';
import type { Protocol } from '../sequence/protocol.ts';
import { modelCoilSnrFactor } from '../anatomy/modelCoils.ts';
import { relativeSnrPercent } from '../sequence/derived.ts';
import { tissueAtField } from '../tissue/library.ts';
import { compareProtocols, fatShiftPixels, weightingOf, type ComparedScan } from './compare.ts';
import { T1_SE, T2_TSE } from './grading.testing.ts';
import { testScanner } from '../scanner.testing.ts';

const SCANNER = testScanner({ coil: 'head' });
const scan = (protocol: Partial<Protocol>, b0 = 1.5): ComparedScan => ({
  protocol: testProtocol({ matrixRead: 128, matrixPhase: 128, ...protocol }),
  scanner: { ...SCANNER, b0 },
});

describe('compareProtocols: the differing parameters of a scan against the reference, with consequences', () => {
  it('the same protocol differs in nothing', () => {
    expect(compareProtocols(scan(T1_SE), scan(T1_SE))).toEqual([]);
  });

  it('a short TE against the reference’s long TE names T1 rather than T2 weighting and a dark CSF', () => {
    const student = scan({ ...T2_TSE, repetitionTime: 0.5, echoTime: 0.015 });
    const reference = scan(T2_TSE);
    expect(weightingOf(student)).toBe('T1');
    expect(weightingOf(reference)).toBe('T2');
    const te = compareProtocols(student, reference).find((d) => d.parameter === 'echoTime');
    expect(te).toMatchObject({ label: 'TE', value: '15 ms', reference: '100 ms' });
    expect(te?.consequence).toMatch(/^T1 rather than T2 weighting; CSF dark/);
  });

  it('a change that keeps the weighting says so, and TR reports the scan time ratio TR·Nphase/ETL', () => {
    const diffs = compareProtocols(scan({ ...T2_TSE, repetitionTime: 6 }), scan(T2_TSE));
    expect(diffs.map((d) => d.parameter)).toEqual(['repetitionTime']);
    // Scan time ∝ TR: 6 / 4.5 = 1.33.
    expect(diffs[0]?.consequence).toMatch(/still T2 weighting; .*scan time ×1\.33/);
  });

  it('doubling the bandwidth halves the fat shift |Δσ|·γ·B0/BW and gives SNR ×1/√2', () => {
    const narrow = scan({ ...T1_SE, bandwidthPerPixel: 100 });
    const wide = scan({ ...T1_SE, bandwidthPerPixel: 200 });
    // 3.4 ppm × 42.577 MHz/T × 1.5 T = 217.1 Hz; over 100 Hz/px = 2.17 px (to 0.01 px).
    expect(fatShiftPixels(narrow)).toBeCloseTo(2.171, 2);
    const [bw] = compareProtocols(wide, narrow);
    expect(bw).toMatchObject({ parameter: 'bandwidthPerPixel', value: '200 Hz/px', reference: '100 Hz/px' });
    expect(bw?.consequence).toBe('fat shifted 1.1 px rather than 2.2 px; SNR ×0.71');
  });

  it('a smaller phase FOV warns of wrap-around; phase direction, fat saturation and field strength are listed', () => {
    const reference = scan(T1_SE);
    const student = scan(
      {
        ...T1_SE,
        fovPhase: reference.protocol.fovPhase / 2,
        phaseDirection: reference.protocol.phaseDirection === 'row' ? 'column' : 'row',
        fatSaturation: !reference.protocol.fatSaturation,
      },
      3,
    );
    const byName = new Map(compareProtocols(student, reference).map((d) => [d.parameter, d]));
    expect(byName.get('fov')?.consequence).toMatch(/^smaller phase FOV: wrap-around/);
    expect(byName.get('phaseDirection')?.consequence).toMatch(/other image axis/);
    expect(byName.get('fatSaturation')).toBeDefined();
    expect(byName.get('b0')).toMatchObject({ value: '3 T', reference: '1.5 T' });
  });

  it('with the model known, the SNR follows the contrast as the parameter panel does: TE 15 → 100 ms on SE costs signal', () => {
    const brain = { id: 1 };
    const reference = { ...scan(T1_SE), model: brain };
    const student = { ...scan({ ...T1_SE, echoTime: 0.1 }), model: brain };
    const tissue = tissueAtField('whiteMatter', 1.5);
    const coil = modelCoilSnrFactor(1, 'head', student.protocol.geometry.center);
    const expected =
      relativeSnrPercent(student.protocol, student.scanner, tissue, coil) /
      relativeSnrPercent(reference.protocol, reference.scanner, tissue, coil);
    // White matter T2 ≈ 70–80 ms at 1.5 T: e^(−85/T2) ≈ 0.3, so the SNR ratio is well below 1.
    expect(expected).toBeLessThan(0.5);
    const te = compareProtocols(student, reference).find((d) => d.parameter === 'echoTime');
    expect(te?.consequence).toContain(`SNR ×${expected.toFixed(2)}`);
    // Without the model the acquisition alone is compared, which TE does not change.
    const acquisitionOnly = compareProtocols(scan({ ...T1_SE, echoTime: 0.1 }), scan(T1_SE));
    expect(acquisitionOnly.find((d) => d.parameter === 'echoTime')?.consequence).not.toContain('SNR');
  });
});
