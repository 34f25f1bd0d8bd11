import { describe, expect, it } from 'vitest';
import {
  GYROMAGNETIC_RATIO_HZ_PER_T,
  SCANNER_FIELD_STRENGTHS_T,
  SCANNER_MAX_GRADIENTS_T_PER_M,
} from '../constants.ts';
import { mmToM } from '../units.ts';
import { acquisitionFrame, scanGeometry } from '../simulate/geometry.ts';
import { defaultPhaseDirection, defaultProtocol } from './defaults.ts';
import { parameterDefinitions } from './parameters.ts';
import type { Protocol, Scanner } from './protocol.ts';
import { SEQUENCE_FAMILIES, SLICE_TILT_MAX } from './protocol.ts';
import { diffusionLobeDuration, protocolTiming } from './timing.ts';
import {
  FREE_PLAN_LIMITS,
  planDefinitions,
  planViolations,
  validateFreePlan,
  validateProtocol,
} from './validate.ts';
import { testScanner } from '../scanner.testing.ts';

const scanner = (b0: number, maxGradient: number): Scanner => testScanner({ b0, maxGradient });
const STANDARD = scanner(1.5, 0.045);

/** A demanding 2D GRE where the gradients limit the timing: 512², 200 mm, 3 mm slices. */
function sharpGre(): Protocol {
  return {
    ...defaultProtocol('GRE', STANDARD),
    matrixRead: 512,
    matrixPhase: 512,
    fovRead: 0.2,
    fovPhase: 0.2,
    sliceThickness: mmToM(3),
    bandwidthPerPixel: 300,
  };
}

describe('timing limits', () => {
  it('minimum TE and TR never fall, and rise from 80 to 33 mT/m, as the gradient limit falls', () => {
    const gradients = [...SCANNER_MAX_GRADIENTS_T_PER_M].sort((a, b) => b - a);
    const protocols = [
      sharpGre(),
      { ...defaultProtocol('SE', STANDARD), matrixRead: 512, matrixPhase: 512, fovRead: 0.2, fovPhase: 0.2 },
      defaultProtocol('SE-EPI', STANDARD),
    ];
    for (const p of protocols) {
      const te = gradients.map((g) => protocolTiming(p, scanner(1.5, g)).minEchoTime);
      const tr = gradients.map((g) => protocolTiming(p, scanner(1.5, g)).minRepetitionTime);
      for (let i = 1; i < gradients.length; i++) {
        expect(te[i], p.family).toBeGreaterThanOrEqual(te[i - 1] ?? Infinity);
        expect(tr[i], p.family).toBeGreaterThanOrEqual(tr[i - 1] ?? Infinity);
      }
      expect(te[gradients.length - 1], p.family).toBeGreaterThan(te[0] ?? Infinity);
      expect(tr[gradients.length - 1], p.family).toBeGreaterThan(tr[0] ?? Infinity);
    }
  });

  it('halving the bandwidth lengthens the minimum GRE TE by the growth of the half readout (±0.3 ms)', () => {
    const p = sharpGre();
    const narrow = { ...p, bandwidthPerPixel: 150 };
    const grow = protocolTiming(narrow, STANDARD).minEchoTime - protocolTiming(p, STANDARD).minEchoTime;
    // Half readout grows from 1/600 s to 1/300 s; the prephaser keeps its area, its ramps shorten.
    expect(Math.abs(grow - 1 / 600)).toBeLessThan(3e-4);
  });

  it('a larger b-value needs longer diffusion lobes, hence a longer minimum TE', () => {
    const p = defaultProtocol('DWI', STANDARD);
    const b1000 = protocolTiming(p, STANDARD);
    const b2000 = protocolTiming({ ...p, bValues: [0, 2e9] }, STANDARD);
    expect(b2000.diffusionLobe).toBeGreaterThan(b1000.diffusionLobe);
    expect(b2000.minEchoTime).toBeGreaterThan(b1000.minEchoTime);
  });

  it('diffusion lobes solve Stejskal–Tanner b = γ²G²δ²(Δ − δ/3), Δ = δ + gap (±1e-6 relative)', () => {
    const gamma = 2 * Math.PI * GYROMAGNETIC_RATIO_HZ_PER_T;
    const g = 0.045;
    const gap = 0.006;
    const d = diffusionLobeDuration(1e9, g, gap);
    const b = gamma * gamma * g * g * d * d * (d + gap - d / 3);
    expect(Math.abs(b / 1e9 - 1)).toBeLessThan(1e-6);
  });
});

describe('validateProtocol', () => {
  it('takes a stack tilted up to ±45° about its row and column; names a tilt beyond it with its rule', () => {
    const base = defaultProtocol('SE', STANDARD);
    const tilt = (tiltAboutRow: number, tiltAboutColumn: number): Protocol => ({
      ...base,
      geometry: { ...base.geometry, tiltAboutRow, tiltAboutColumn },
    });
    expect(validateProtocol(tilt(SLICE_TILT_MAX, -SLICE_TILT_MAX), STANDARD)).toEqual([]);
    const over = validateProtocol(tilt(SLICE_TILT_MAX + 1e-6, -0.9), STANDARD);
    expect(over.map((v) => [v.parameter, v.rule])).toEqual([
      ['tiltAboutRow', 'max'],
      ['tiltAboutColumn', 'min'],
    ]);
    expect(over[0]?.message).toBe("The stack's tilt about the row must be within ±45°");
    expect(validateProtocol(tilt(Number.NaN, 0), STANDARD).map((v) => v.rule)).toEqual(['type']);
  });

  it('accepts every family default on every scanner field and gradient limit', () => {
    for (const b0 of SCANNER_FIELD_STRENGTHS_T) {
      for (const g of SCANNER_MAX_GRADIENTS_T_PER_M) {
        for (const family of SEQUENCE_FAMILIES) {
          const s = scanner(b0, g);
          expect(validateProtocol(defaultProtocol(family, s), s), `${family} ${b0} T ${g}`).toEqual([]);
        }
      }
    }
  });

  it('gives the EPI families fat saturation by default, as consoles do (fat would shift ~11 pixels along phase)', () => {
    const s = scanner(1.5, 0.045);
    for (const family of ['GRE-EPI', 'SE-EPI', 'DWI'] as const)
      expect(defaultProtocol(family, s).fatSaturation, family).toBe(true);
    expect(defaultProtocol('SE', s).fatSaturation).toBe(false);
  });

  it('names the broken TE limit with its value and cause: "TE must be at least … ms for this bandwidth and gradient (33 mT/m)"', () => {
    const weak = scanner(1.5, 0.033);
    const p = { ...sharpGre(), echoTime: 0.002 };
    const minTe = parameterDefinitions(p, weak).find((d) => d.key === 'echoTime')?.min ?? 0;
    const v = validateProtocol(p, weak).find((x) => x.parameter === 'echoTime');
    expect(v?.rule).toBe('min');
    expect(v?.message).toBe(
      `TE must be at least ${(minTe * 1000).toFixed(1)} ms for this bandwidth and gradient (33 mT/m)`,
    );
  });

  it('a TE valid at 80 mT/m breaks the limit at 33 mT/m', () => {
    const p = sharpGre();
    const minAt80 = protocolTiming(p, scanner(1.5, 0.08)).minEchoTime;
    const q = { ...p, echoTime: Math.ceil(minAt80 * 1e4) / 1e4 };
    expect(validateProtocol(q, scanner(1.5, 0.08))).toEqual([]);
    expect(validateProtocol(q, scanner(1.5, 0.033)).map((v) => v.parameter)).toContain('echoTime');
  });

  it('rejects a TR too short for the TE, naming the limit', () => {
    const p = { ...defaultProtocol('SE', STANDARD), repetitionTime: 0.01 };
    const v = validateProtocol(p, STANDARD).find((x) => x.parameter === 'repetitionTime');
    expect(v?.message).toMatch(
      /^TR must be at least \d+\.\d ms for this TE, bandwidth and gradient \(45 mT\/m\)$/,
    );
  });

  it('rejects a bSSFP TR shorter than its excitation, prephasers and readout', () => {
    const p = { ...defaultProtocol('bSSFP', STANDARD), repetitionTime: 0.002, echoTime: 0.001 };
    const rules = validateProtocol(p, STANDARD).map((v) => `${v.parameter}:${v.rule}`);
    expect(rules).toContain('repetitionTime:min');
  });

  it('rejects a bandwidth the read gradient cannot reach at this FOV and matrix', () => {
    const p = { ...defaultProtocol('GRE', STANDARD), bandwidthPerPixel: 2000, fovRead: 0.1, matrixRead: 512 };
    const v = validateProtocol(p, STANDARD).find((x) => x.parameter === 'bandwidthPerPixel');
    expect(v?.message).toMatch(/^Bandwidth must be at most \d+ Hz\/pixel for the read gradient \(45 mT\/m\)/);
  });

  it('rejects a slice thinner than the RF pulse and gradient can select', () => {
    const p = { ...defaultProtocol('SE', STANDARD), sliceThickness: mmToM(0.5) };
    const v = validateProtocol(p, scanner(1.5, 0.033)).find((x) => x.parameter === 'sliceThickness');
    expect(v?.message).toMatch(
      /^Slice thickness must be at least 1\.\d mm for this RF pulse and gradient \(33 mT\/m\)$/,
    );
  });

  it('requires TI for inversion families and keeps it below TR', () => {
    const { inversionTime: _ti, ...noTi } = defaultProtocol('FLAIR', STANDARD);
    expect(validateProtocol(noTi, STANDARD)).toContainEqual({
      parameter: 'inversionTime',
      rule: 'required',
      message: 'TI is required for FLAIR',
    });
    const late = { ...defaultProtocol('FLAIR', STANDARD), inversionTime: 3.9, repetitionTime: 3.5 };
    expect(validateProtocol(late, STANDARD).map((v) => v.rule)).toContain('ti-below-tr');
  });

  it('keeps a TSE effective TE inside its echo train', () => {
    const p = { ...defaultProtocol('TSE', STANDARD), echoTrainLength: 4, echoSpacing: 0.01, echoTime: 0.1 };
    const v = validateProtocol(p, STANDARD).find((x) => x.rule === 'echo-train');
    expect(v?.message).toBe('TE must be at most 40.0 ms: the echo train (4 × 10.0 ms) ends there');
  });

  it('flags SAR above the normal-mode limit', () => {
    const p = {
      ...defaultProtocol('TSE', scanner(3, 0.045)),
      refocusingFlipAngle: Math.PI,
      repetitionTime: 3,
    };
    expect(validateProtocol(p, scanner(3, 0.045)).map((v) => v.parameter)).toContain('sar');
  });

  it('rejects non-integer counts and out-of-range b-values', () => {
    const p = { ...defaultProtocol('DWI', STANDARD), nex: 1.5, bValues: [0, 5e9] };
    const rules = validateProtocol(p, STANDARD).map((v) => `${v.parameter}:${v.rule}`);
    expect(rules).toContain('nex:integer');
    expect(rules).toContain('bValues:range');
  });

  it('times and validates a protocol with 200,000 echo times or b-values without exhausting the stack (issue 19 item 4)', () => {
    const many = (value: number) => Array.from({ length: 200_000 }, () => value);
    const gre = { ...defaultProtocol('GRE', STANDARD), echoTimes: many(0.005) };
    expect(protocolTiming(gre, STANDARD).minEchoTime).toBeGreaterThan(0);
    expect(validateProtocol(gre, STANDARD).map((v) => v.parameter)).toContain('echoTimes');
    const dwi = { ...defaultProtocol('DWI', STANDARD), bValues: many(1e9) };
    expect(protocolTiming(dwi, STANDARD).minEchoTime).toBeGreaterThan(0);
  });

  it('refuses echo times on a family without a multi-echo readout and b-values outside DWI, with rule "family"', () => {
    const rulesOf = (p: Protocol) => validateProtocol(p, STANDARD).map((v) => `${v.parameter}:${v.rule}`);
    expect(rulesOf({ ...defaultProtocol('SE', STANDARD), bValues: [0, 1e9] })).toContain('bValues:family');
    expect(rulesOf({ ...defaultProtocol('TSE', STANDARD), echoTimes: [0.01, 0.02] })).toContain(
      'echoTimes:family',
    );
    // The families that use them keep them; an empty list is no list.
    expect(rulesOf(defaultProtocol('Dixon', STANDARD))).toEqual([]);
    expect(rulesOf(defaultProtocol('DWI', STANDARD))).toEqual([]);
    expect(rulesOf({ ...defaultProtocol('SE', STANDARD), bValues: [], echoTimes: [] })).toEqual([]);
  });
});

describe('validateFreePlan', () => {
  it('allows a default SE on the 1.5 T scanner', () => {
    expect(validateFreePlan(defaultProtocol('SE', STANDARD), STANDARD)).toEqual([]);
  });

  it('limits field, family, FOV, matrix and slices, each named', () => {
    const p = { ...defaultProtocol('TSE', STANDARD), fovRead: 0.3, matrixPhase: 512, sliceCount: 20 };
    const v = validateFreePlan(p, scanner(3, 0.045));
    expect(v.map((x) => x.parameter).sort()).toEqual([
      'b0',
      'family',
      'fovRead',
      'matrixPhase',
      'sliceCount',
    ]);
    expect(v.every((x) => x.rule === 'free-plan' && x.message.endsWith('on the free plan'))).toBe(true);
  });
});

describe('planDefinitions', () => {
  it('on the free plan, holds FOV, matrix and slices within FREE_PLAN_LIMITS and leaves the rest as on a paid plan', () => {
    const p = defaultProtocol('SE', STANDARD);
    const paid = planDefinitions(p, STANDARD, false);
    const free = planDefinitions(p, STANDARD, true);
    expect(paid).toEqual(parameterDefinitions(p, STANDARD));
    const at = (key: string) => free.find((d) => d.key === key);
    expect(at('fovRead')).toMatchObject({ min: FREE_PLAN_LIMITS.fovMin, max: FREE_PLAN_LIMITS.fovMax });
    expect(at('fovPhase')).toMatchObject({ min: FREE_PLAN_LIMITS.fovMin, max: FREE_PLAN_LIMITS.fovMax });
    expect(at('matrixRead')?.max).toBe(FREE_PLAN_LIMITS.matrixMax);
    expect(at('matrixPhase')?.max).toBe(FREE_PLAN_LIMITS.matrixMax);
    expect(at('sliceCount')).toMatchObject({
      max: FREE_PLAN_LIMITS.sliceCountMax,
      maxReason: 'on the free plan',
    });
    const changed = new Set(['fovRead', 'fovPhase', 'matrixRead', 'matrixPhase', 'sliceCount']);
    expect(free.filter((d) => !changed.has(d.key))).toEqual(paid.filter((d) => !changed.has(d.key)));
  });

  it('accepts on the free plan every value its limits reach, and refuses one step beyond them', () => {
    const p = defaultProtocol('SE', STANDARD);
    const free = planDefinitions(p, STANDARD, true);
    for (const key of ['fovRead', 'matrixPhase', 'sliceCount'] as const) {
      const def = free.find((d) => d.key === key);
      if (!def) throw new Error(`no ${key}`);
      expect(planViolations({ ...p, [key]: def.max }, STANDARD, true), key).toEqual([]);
      const beyond = planViolations({ ...p, [key]: def.max + def.step }, STANDARD, true);
      expect(
        beyond.map((v) => `${v.parameter}:${v.rule}`),
        key,
      ).toEqual([`${key}:free-plan`]);
      expect(planViolations({ ...p, [key]: def.max + def.step }, STANDARD, false), key).toEqual([]);
    }
  });
});

describe('defaultPhaseDirection', () => {
  it('encodes phase across the knee on sagittal and coronal slices, so femur and tibia do not wrap at a 160 mm FOV', () => {
    // Extent of the knee model along x, y, z [m] (anatomy/procedural/knee.ts: 138 × 139 × 219 mm).
    const extent = [0.138, 0.139, 0.219];
    const fov = 0.16;
    for (const orientation of ['axial', 'sagittal', 'coronal'] as const) {
      const p = { ...defaultProtocol('SE', scanner(1.5, 0.045)), fovRead: fov, fovPhase: fov };
      const geometry = { orientation, center: [0, 0, 0] as [number, number, number] };
      const frame = (phaseDirection: 'row' | 'column') => {
        const q = { ...p, geometry, phaseDirection };
        const plane = scanGeometry(q).slices[0];
        if (!plane) throw new Error('no slice');
        return acquisitionFrame(q, plane);
      };
      const along = (d: readonly number[]) =>
        d.reduce((sum, c, a) => sum + Math.abs(c) * (extent[a] ?? 0), 0);
      const chosen = frame(defaultPhaseDirection(orientation));
      expect(along(chosen.phaseDirection), orientation).toBeLessThan(fov);
    }
    expect(defaultPhaseDirection('sagittal')).toBe('row');
    expect(defaultPhaseDirection('coronal')).toBe('row');
  });
});
