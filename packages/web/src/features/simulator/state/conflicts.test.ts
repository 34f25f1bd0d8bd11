import { describe, expect, it } from 'vitest';
import { defaultProtocol, parameterDefinitions, validateProtocol } from '@larmor/mri/sequence';
import type { Protocol, Scanner } from '@larmor/mri';
import { conflictsOf, derivedValues } from './conflicts.ts';
import { DEFAULT_UNITS } from './units.ts';
import { testScanner } from '@larmor/mri/testing';

const scanner: Scanner = testScanner();

function minimumTe(protocol: Protocol): number {
  const te = parameterDefinitions(protocol, scanner).find((d) => d.key === 'echoTime');
  if (!te) throw new Error('no TE');
  return te.min;
}

describe('conflicts', () => {
  it('a valid default protocol has no conflict', () => {
    for (const family of ['SE', 'TSE', 'GRE', 'FLAIR'] as const) {
      expect(conflictsOf(defaultProtocol(family, scanner), scanner, DEFAULT_UNITS)).toEqual([]);
    }
  });

  it('a TE below the minimum offers "Set TE to <min> ms" and a higher bandwidth, each clearing it', () => {
    const gre = defaultProtocol('GRE', scanner);
    const min = minimumTe(gre);
    const tooShort = { ...gre, echoTime: min / 2 };
    const [conflict, ...others] = conflictsOf(tooShort, scanner, DEFAULT_UNITS);
    expect(others).toEqual([]);
    expect(conflict?.violation).toMatchObject({ parameter: 'echoTime', rule: 'min' });
    const labels = conflict?.fixes.map((f) => f.label) ?? [];
    expect(labels[0]).toBe(`Set TE to ${(min * 1000).toFixed(1)} ms`);
    expect(labels.some((l) => l.startsWith('Raise bandwidth to '))).toBe(true);
    for (const fix of conflict?.fixes ?? []) {
      const fixed = { ...tooShort, ...fix.change };
      expect(validateProtocol(fixed, scanner), fix.label).toEqual([]);
    }
  });

  it('the bandwidth fix is the smallest stepper value that clears the conflict', () => {
    const gre = defaultProtocol('GRE', scanner);
    const tooShort = { ...gre, echoTime: minimumTe(gre) - 0.0003 };
    const fix = conflictsOf(tooShort, scanner, DEFAULT_UNITS)[0]?.fixes.find((f) =>
      f.label.startsWith('Raise bandwidth'),
    );
    const bw = fix?.change.bandwidthPerPixel;
    expect(bw).toBeDefined();
    const below = { ...tooShort, bandwidthPerPixel: (bw ?? 0) - 10 };
    expect(validateProtocol(below, scanner).some((v) => v.parameter === 'echoTime')).toBe(true);
  });

  it('a TE not shorter than TR offers a longer TR', () => {
    const se = defaultProtocol('SE', scanner);
    const conflicts = conflictsOf({ ...se, echoTime: se.repetitionTime }, scanner, DEFAULT_UNITS);
    const teTr = conflicts.find((c) => c.violation.rule === 'te-below-tr');
    expect(teTr?.fixes.some((f) => f.label.startsWith('Raise TR to'))).toBe(true);
  });

  it('fix labels follow the preferred units (s, cm)', () => {
    const gre = defaultProtocol('GRE', scanner);
    const conflict = conflictsOf({ ...gre, echoTime: 0.001 }, scanner, { time: 's', distance: 'cm' })[0];
    expect(conflict?.fixes[0]?.label).toMatch(/^Set TE to 0\.\d+ s$/);
  });
});

/** The brain model's id: its reference tissue is white matter. */
const BRAIN = 1;

describe('derived values', () => {
  it("the SNR follows the reference tissue's signal: falls from TE 15 to 100 ms, tiny at TR 10 ms with 90° (issue 20.7)", () => {
    const se = { ...defaultProtocol('SE', scanner), repetitionTime: 2 };
    const short = derivedValues({ ...se, echoTime: 0.015 }, scanner, BRAIN);
    const long = derivedValues({ ...se, echoTime: 0.1 }, scanner, BRAIN);
    expect(short.snrTissue).toBe('white matter');
    expect(long.snrPercent).toBeLessThan(0.5 * short.snrPercent);
    const gre = defaultProtocol('GRE', scanner);
    const flat = derivedValues({ ...gre, repetitionTime: 0.01, flipAngle: Math.PI / 2 }, scanner, BRAIN);
    expect(flat.snrPercent).toBeLessThan(0.1 * derivedValues(gre, scanner, BRAIN).snrPercent);
    expect(flat.snrPercent).toBeLessThan(2);
    expect(derivedValues(gre, scanner, 2).snrTissue).toBe('skeletal muscle');
  });

  it('voxel size, minimum TE and scan time follow the protocol', () => {
    const se = defaultProtocol('SE', scanner);
    const derived = derivedValues(se, scanner, BRAIN);
    expect(derived.voxelM[0]).toBeCloseTo(se.fovRead / se.matrixRead, 12);
    expect(derived.minEchoTimeS).toBe(minimumTe(se));
    // Doubling NEX doubles the scan time and raises SNR by √2 (Edelstein et al. 1986).
    const doubled = derivedValues({ ...se, nex: se.nex * 2 }, scanner, BRAIN);
    expect(doubled.scanTimeS / derived.scanTimeS).toBeCloseTo(2, 9);
    expect(doubled.snrPercent / derived.snrPercent).toBeCloseTo(Math.SQRT2, 9);
  });

  it('a TSE over the SAR limit at 3 T is offered a lower refocusing flip angle, which clears it', () => {
    const at3T: Scanner = { ...scanner, b0: 3 };
    const tse = {
      ...defaultProtocol('TSE', at3T),
      refocusingFlipAngle: Math.PI,
      repetitionTime: 1.5,
      sliceCount: 40,
    };
    const sar = conflictsOf(tse, at3T, DEFAULT_UNITS).find((c) => c.violation.parameter === 'sar');
    const fix = sar?.fixes.find((f) => 'refocusingFlipAngle' in f.change);
    expect(fix?.label).toMatch(/^Lower refocusing flip angle to \d+°$/);
    const fixed = { ...tse, ...fix?.change };
    expect(validateProtocol(fixed, at3T).some((v) => v.parameter === 'sar')).toBe(false);
  });

  it('on the free plan, 20 slices, FOV 300 mm and matrix 512 are conflicts with fixes back within its limits; a paid session has none', () => {
    const se = defaultProtocol('SE', scanner);
    const typed: Protocol = { ...se, sliceCount: 20, fovRead: 0.3, fovPhase: 0.3, matrixRead: 512 };
    expect(conflictsOf(typed, scanner, DEFAULT_UNITS, false)).toEqual([]);
    const conflicts = conflictsOf(typed, scanner, DEFAULT_UNITS, true);
    expect(conflicts.map((c) => `${c.violation.parameter}:${c.violation.rule}`).sort()).toEqual([
      'fovPhase:free-plan',
      'fovRead:free-plan',
      'matrixRead:free-plan',
      'sliceCount:free-plan',
    ]);
    const slices = conflicts.find((c) => c.violation.parameter === 'sliceCount');
    expect(slices?.violation.message).toBe('At most 10 slices are allowed on the free plan');
    expect(slices?.fixes).toEqual([{ label: 'Set Slices to 10', change: { sliceCount: 10 } }]);
    const fixed = conflicts.reduce((p, c) => ({ ...p, ...c.fixes[0]?.change }), typed);
    expect(conflictsOf(fixed, scanner, DEFAULT_UNITS, true)).toEqual([]);
  });
});
