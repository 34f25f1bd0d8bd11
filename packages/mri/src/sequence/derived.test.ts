import { describe, expect, it } from 'vitest';
import { degToRad, mmToM } from '../units.ts';
import { defaultProtocol } from './defaults.ts';
import { tissueAtField } from '../tissue/library.ts';
import {
  acquisitionSnrPercent,
  diffusionImages,
  MOLLI_HEARTBEATS,
  relativeSnrPercent,
  sarEstimate,
  scanTime,
} from './derived.ts';
import type { Protocol, Scanner } from './protocol.ts';
import { testScanner } from '../scanner.testing.ts';

const SCANNER: Scanner = testScanner();
const at = (b0: number): Scanner => ({ ...SCANNER, b0 });

function se(overrides: Partial<Protocol> = {}): Protocol {
  return { ...defaultProtocol('SE', SCANNER), ...overrides };
}

describe('scan time (analytic_formulas.md §8)', () => {
  it('2D SE: TR·N_pe·NEX when every slice fits in one TR (±1e-9 s)', () => {
    const p = se({ repetitionTime: 0.5, matrixPhase: 256, nex: 2, sliceCount: 5 });
    expect(scanTime(p, SCANNER).packages).toBe(1);
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(0.5 * 256 * 2, 9);
  });

  it('pypulseq GRE check: 64 lines × TR 12 ms = 0.768 s (±1e-9 s)', () => {
    const p: Protocol = {
      ...defaultProtocol('GRE', SCANNER),
      repetitionTime: 0.012,
      echoTime: 0.004,
      matrixRead: 64,
      matrixPhase: 64,
      sliceCount: 1,
    };
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(0.768, 9);
  });

  it('TSE divides the lines by the ETL: 64 lines / ETL 16 × TR 2 s = 8 s (pypulseq tse without its dummy)', () => {
    const p: Protocol = {
      ...defaultProtocol('TSE', SCANNER),
      repetitionTime: 2,
      matrixPhase: 64,
      echoTrainLength: 16,
      sliceCount: 1,
    };
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(8, 9);
  });

  it('slices that do not fit in one TR add packages: T = TR·N_pe·NEX·ceil(slices·slice time/TR)', () => {
    const one = se({ sliceCount: 1 });
    const many = se({ sliceCount: 50 });
    const { packages, seconds } = scanTime(many, SCANNER);
    expect(packages).toBeGreaterThan(1);
    expect(seconds).toBeCloseTo(scanTime(one, SCANNER).seconds * packages, 9);
  });

  it('partial Fourier and phase oversampling change the acquired lines: N_pe = ceil(p·(1+os)·N)', () => {
    expect(scanTime(se({ partialFourier: 0.625 }), SCANNER).seconds).toBeCloseTo(0.5 * 160, 9);
    expect(scanTime(se({ phaseOversampling: 0.5 }), SCANNER).seconds).toBeCloseTo(0.5 * 384, 9);
  });

  it('3D GRE: TR·N_y·N_z·NEX (±1e-9 s)', () => {
    const p: Protocol = {
      ...defaultProtocol('GRE', SCANNER),
      repetitionTime: 0.02,
      is3d: true,
      sliceCount: 32,
    };
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(0.02 * 256 * 32, 9);
  });

  it('single-shot EPI takes one TR per slice package; segmented EPI one TR per shot', () => {
    const single = defaultProtocol('GRE-EPI', SCANNER);
    expect(scanTime(single, SCANNER).seconds).toBeCloseTo(single.repetitionTime, 9);
    const segmented = { ...single, echoTrainLength: 16 };
    expect(scanTime(segmented, SCANNER).seconds).toBeCloseTo(4 * single.repetitionTime, 9);
  });

  it('DWI repeats the EPI for b = 0 and three directions per b > 0', () => {
    const p = defaultProtocol('DWI', SCANNER);
    expect(diffusionImages(p)).toBe(4);
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(4 * p.repetitionTime, 9);
  });

  it('MP-RAGE: inversion-to-inversion TR × phase lines × NEX when each shot reads all partitions', () => {
    const p = defaultProtocol('MPRAGE', SCANNER);
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(p.repetitionTime * p.matrixPhase, 9);
  });

  it('bSSFP slices follow one another: TR·N_pe·slices', () => {
    const p = { ...defaultProtocol('bSSFP', SCANNER), sliceCount: 3 };
    expect(scanTime(p, SCANNER).seconds).toBeCloseTo(p.repetitionTime * 256 * 3, 9);
  });

  it('MOLLI takes 17 heartbeats per slice', () => {
    expect(scanTime(defaultProtocol('MOLLI', SCANNER), SCANNER).seconds).toBe(MOLLI_HEARTBEATS);
  });
});

describe('acquisition SNR (Edelstein 1986; analytic_formulas.md §7)', () => {
  const base = se();
  const snr = (p: Protocol, scanner = SCANNER): number => acquisitionSnrPercent(p, scanner);

  it('is proportional to voxel volume: half the slice thickness halves it (±1e-9)', () => {
    expect(snr(se({ sliceThickness: mmToM(2.5) })) / snr(base)).toBeCloseTo(0.5, 9);
  });

  it('doubling the matrix at a fixed FOV: ¼ the voxel, √2 the lines → ×√2/4 (±1e-9)', () => {
    expect(snr(se({ matrixRead: 512, matrixPhase: 512 })) / snr(base)).toBeCloseTo(Math.SQRT2 / 4, 9);
  });

  it('doubling NEX gains √2; halving the bandwidth gains √2 (±1e-9)', () => {
    expect(snr(se({ nex: 2 })) / snr(base)).toBeCloseTo(Math.SQRT2, 9);
    expect(snr(se({ bandwidthPerPixel: 100 })) / snr(base)).toBeCloseTo(Math.SQRT2, 9);
  });

  it('scales with B0 and the coil factor; 100 % is 1 × 1 × 5 mm, 256 lines, 200 Hz/pixel at 1.5 T', () => {
    expect(snr(base, at(3)) / snr(base)).toBeCloseTo(2, 9);
    expect(acquisitionSnrPercent(base, SCANNER, 1.5) / snr(base)).toBeCloseTo(1.5, 9);
    const reference = se({ fovRead: 0.256, fovPhase: 0.256, sliceThickness: mmToM(5) });
    expect(snr(reference)).toBeCloseTo(100, 9);
  });

  it('partial Fourier costs √p (±1e-9)', () => {
    expect(snr(se({ partialFourier: 0.75 })) / snr(base)).toBeCloseTo(Math.sqrt(0.75), 9);
  });
});

describe('relative SNR of the reference tissue: the acquisition × the signal of the contrast', () => {
  const wm = tissueAtField('whiteMatter', SCANNER.b0);
  const snr = (p: Protocol): number => relativeSnrPercent(p, SCANNER, wm);

  it('falls with a spin-echo TE as exp(−ΔTE/T2): TE 15 → 100 ms (±1e-6 at TR ≫ T1; within 1 % at TR 2 s)', () => {
    const decay = Math.exp(-(0.1 - 0.015) / wm.t2);
    const ratio = (tr: number) =>
      snr(se({ repetitionTime: tr, echoTime: 0.1 })) / snr(se({ repetitionTime: tr, echoTime: 0.015 }));
    expect(ratio(30)).toBeCloseTo(decay, 6);
    expect(ratio(2) / decay).toBeCloseTo(1, 1);
    expect(ratio(2)).toBeLessThan(0.5);
  });

  it('TR 10 ms with a 90° spoiled gradient echo gives a tiny SNR: (1 − e^(−TR/T1))·e^(−TE/T2*) of the acquisition', () => {
    const gre = {
      ...defaultProtocol('GRE', SCANNER),
      repetitionTime: 0.01,
      echoTime: 0.004,
      flipAngle: Math.PI / 2,
    };
    const expected = (1 - Math.exp(-0.01 / wm.t1)) * Math.exp(-0.004 / wm.t2star);
    expect(snr(gre) / acquisitionSnrPercent(gre, SCANNER)).toBeCloseTo(expected, 9);
    expect(snr(gre) / acquisitionSnrPercent(gre, SCANNER)).toBeLessThan(0.02);
  });

  it('is 100 % for the reference tissue fully relaxed in the reference acquisition (±0.5 %)', () => {
    const relaxed = se({
      repetitionTime: 100,
      echoTime: 1e-6,
      fovRead: 0.256,
      fovPhase: 0.256,
      sliceThickness: mmToM(5),
    });
    expect(snr(relaxed)).toBeCloseTo(100, 0);
  });

  it('a null-point inversion nulls it: FLAIR readout on CSF at its null TI is ~0, STIR on fat too', () => {
    const csf = tissueAtField('csf', SCANNER.b0);
    const fat = tissueAtField('fat', SCANNER.b0);
    const flair = defaultProtocol('FLAIR', SCANNER);
    const stir = defaultProtocol('STIR', SCANNER);
    expect(relativeSnrPercent(flair, SCANNER, csf)).toBeLessThan(
      0.05 * acquisitionSnrPercent(flair, SCANNER),
    );
    expect(relativeSnrPercent(stir, SCANNER, fat)).toBeLessThan(0.05 * acquisitionSnrPercent(stir, SCANNER));
  });
});

describe('SAR estimate', () => {
  it('grows with B0² and with the flip angle squared (±1e-9)', () => {
    const p = defaultProtocol('GRE', SCANNER);
    expect(sarEstimate(p, at(3)).wattsPerKilogram / sarEstimate(p, SCANNER).wattsPerKilogram).toBeCloseTo(
      4,
      9,
    );
    const half = { ...p, flipAngle: p.flipAngle / 2 };
    expect(
      sarEstimate(half, SCANNER).wattsPerKilogram / sarEstimate(p, SCANNER).wattsPerKilogram,
    ).toBeCloseTo(0.25, 9);
  });

  it('falls as 1/TR and rises with slices per TR', () => {
    const p = se({ sliceCount: 1 });
    const longer = se({ sliceCount: 1, repetitionTime: 1 });
    expect(sarEstimate(longer, SCANNER).wattsPerKilogram).toBeCloseTo(
      sarEstimate(p, SCANNER).wattsPerKilogram / 2,
      9,
    );
    expect(sarEstimate(se({ sliceCount: 4 }), SCANNER).wattsPerKilogram).toBeCloseTo(
      4 * sarEstimate(p, SCANNER).wattsPerKilogram,
      9,
    );
  });

  it('a TSE train with 180° refocusing deposits more than with 120°', () => {
    const tse = defaultProtocol('TSE', SCANNER);
    const soft = { ...tse, refocusingFlipAngle: degToRad(120) };
    const hard = { ...tse, refocusingFlipAngle: Math.PI };
    expect(sarEstimate(hard, SCANNER).wattsPerKilogram).toBeGreaterThan(
      sarEstimate(soft, SCANNER).wattsPerKilogram,
    );
  });
});
