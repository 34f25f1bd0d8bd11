import { describe, expect, it } from 'vitest';
import type { Protocol } from '../sequence/protocol.ts';
import { tissueAtField } from '../tissue/library.ts';
import type { ScanSnapshot } from '../simulate/snapshot.ts';
import { ARTIFACT_LIMITS } from './artifacts.ts';
import { gradeSubmission, checkObjective } from './grade.ts';
import { KNEE_ID, SPINE_ID, T1_SE, T2_TSE, scan } from './grading.testing.ts';
import type { Objective } from './objectives.ts';

/** Real scans take a few seconds each on the loaded 2-core machine (model build included). */
const SLOW = 60_000;
const SAGITTAL_SPINE: Partial<Protocol> = {
  geometry: { orientation: 'sagittal', center: [0, 0, 0] },
  fovRead: 0.3,
  fovPhase: 0.3,
  phaseDirection: 'row',
};
const csfBright: Objective = {
  kind: 'contrastOrder',
  id: 'csf',
  points: 4,
  brighter: 'csf',
  darker: 'spinalCord',
};

describe('contrast order on real fast-engine scans of the spine', () => {
  it(
    'a T1-weighted SE fails "CSF brighter than the cord" with a hint that explains; a T2-weighted TSE passes',
    () => {
      const t1 = checkObjective(csfBright, scan(SPINE_ID, { ...T1_SE, ...SAGITTAL_SPINE }));
      expect(t1.passed).toBe(false);
      expect(t1.points).toBe(0);
      expect(t1.value).toBeLessThan(1);
      expect(t1.hint).toMatch(/TR 500 ms, TE 15 ms give T1 weighting/);
      expect(t1.hint).toMatch(/long TR and long TE make fluid bright/);
      const t2 = checkObjective(csfBright, scan(SPINE_ID, { ...T2_TSE, ...SAGITTAL_SPINE }));
      expect(t2).toMatchObject({ passed: true, points: 4, maxPoints: 4 });
      expect(t2.value).toBeGreaterThan(1.5);
    },
    SLOW,
  );

  it(
    'weighting from the physics: the SE is T1, the TSE T2; sequence family and field strength from the snapshot',
    () => {
      const t1 = scan(SPINE_ID, { ...T1_SE, ...SAGITTAL_SPINE });
      const series = [t1, scan(SPINE_ID, { ...T2_TSE, ...SAGITTAL_SPINE })];
      const objectives: Objective[] = [
        { kind: 'weighting', id: 'w', points: 2, weighting: 'T2' },
        { kind: 'sequenceFamily', id: 'f', points: 1, families: ['TSE'] },
        { kind: 'fieldStrength', id: 'b0', points: 1, tesla: 3 },
      ];
      const [w, f, b0] = gradeSubmission(objectives, series);
      expect(w).toMatchObject({
        passed: true,
        measured: 'TR 4500 ms, TE 100 ms: T2 weighting',
        seriesIndex: 1,
      });
      expect(f).toMatchObject({ passed: true, seriesIndex: 1 });
      expect(b0).toMatchObject({ passed: false, measured: '1.5 T', points: 0 });
      expect(checkObjective({ kind: 'weighting', id: 'w', points: 2, weighting: 'T2' }, t1).measured).toBe(
        'TR 500 ms, TE 15 ms: T1 weighting',
      );
    },
    SLOW,
  );
});

describe('wrap-around on the knee', () => {
  const noWrap: Objective = { kind: 'noWrap', id: 'wrap', points: 3 };
  it(
    'an axial knee with a 160 mm phase FOV passes "no wrap"; an 80 mm phase FOV fails; phase oversampling fixes it',
    () => {
      const full = checkObjective(noWrap, scan(KNEE_ID, { ...T1_SE, fovRead: 0.16, fovPhase: 0.16 }));
      expect(full).toMatchObject({ passed: true, points: 3 });
      expect(full.value).toBe(0);
      const small = checkObjective(
        noWrap,
        scan(KNEE_ID, { ...T1_SE, fovRead: 0.16, fovPhase: 0.08, matrixPhase: 48 }),
      );
      expect(small.passed).toBe(false);
      expect(small.value).toBeGreaterThan(0.2);
      expect(small.hint).toMatch(/phase oversampling/);
      const oversampled = checkObjective(
        noWrap,
        scan(KNEE_ID, { ...T1_SE, fovRead: 0.16, fovPhase: 0.08, matrixPhase: 48, phaseOversampling: 1 }),
      );
      expect(oversampled.passed).toBe(true);
    },
    SLOW,
  );
});

describe('chemical shift, motion and SNR', () => {
  it(
    'chemical shift is Δf_fat/(BW per pixel) pixels (±1e-9) and 0 with fat saturation',
    () => {
      const objective: Objective = {
        kind: 'chemicalShiftMax',
        id: 'cs',
        points: 2,
        maxPixels: 1,
        partialCredit: { marginFraction: 1 },
      };
      const fatHz = Math.abs(tissueAtField('fat', 1.5).offResonanceHz);
      const low = checkObjective(objective, scan(KNEE_ID, { ...T1_SE, bandwidthPerPixel: 130 }));
      expect(low.value).toBeCloseTo(fatHz / 130, 9);
      expect(low.passed).toBe(false);
      const high = checkObjective(objective, scan(KNEE_ID, { ...T1_SE, bandwidthPerPixel: 400 }));
      expect(high.value).toBeCloseTo(fatHz / 400, 9);
      expect(high).toMatchObject({ passed: true, points: 2 });
      const fatSat = checkObjective(
        objective,
        scan(KNEE_ID, { ...T1_SE, bandwidthPerPixel: 130, fatSaturation: true }),
      );
      expect(fatSat.value).toBe(0);
    },
    SLOW,
  );

  it(
    'a knee scanned with 5 mm of anterior–posterior motion fails "motion artifact absent"; without motion, or with TR one motion period, passes',
    () => {
      const objective: Objective = { kind: 'noMotion', id: 'm', points: 2 };
      const still = checkObjective(objective, scan(KNEE_ID, { ...T1_SE, fovPhase: 0.16, fovRead: 0.16 }));
      expect(still).toMatchObject({ passed: true, value: 0 });
      const motion: Partial<Omit<ScanSnapshot, 'protocol'>> = {
        simulation: {
          noiseLevel: 1,
          receive: 'array',
          motion: {
            kind: 'translation',
            amplitude: 0.005,
            frequency: 1,
            direction: [0, 1, 0],
          },
        },
      };
      const moving = checkObjective(
        objective,
        scan(KNEE_ID, { ...T1_SE, fovPhase: 0.16, fovRead: 0.16 }, motion),
      );
      expect(moving.passed).toBe(false);
      expect(moving.value).toBeGreaterThan(ARTIFACT_LIMITS.motion);
      // TR a whole motion period (1 s, as gating would): every line sees the knee in one place, no ghosts.
      const gated = checkObjective(
        objective,
        scan(KNEE_ID, { ...T1_SE, repetitionTime: 1, fovPhase: 0.16, fovRead: 0.16 }, motion),
      );
      expect(gated.passed, gated.measured ?? '').toBe(true);
    },
    SLOW,
  );

  it(
    'SNR in muscle grows about √4 = 2× with four averages (±25 %, one receive channel), and partial credit scales a near miss',
    () => {
      const base = { ...T1_SE, fovPhase: 0.16, fovRead: 0.16 };
      const single = { simulation: { noiseLevel: 2, receive: 'single' }, seed: 11 } as const;
      const objective: Objective = {
        kind: 'snrMin',
        id: 'snr',
        points: 10,
        tissue: 'muscle',
        minSnr: 1000,
        partialCredit: { marginFraction: 0.5 },
      };
      const one = checkObjective(objective, scan(KNEE_ID, { ...base, nex: 1 }, single));
      const four = checkObjective(objective, scan(KNEE_ID, { ...base, nex: 4 }, single));
      expect((four.value ?? 0) / (one.value ?? 1)).toBeGreaterThan(2 * 0.75);
      expect((four.value ?? 0) / (one.value ?? 1)).toBeLessThan(2 * 1.25);
      const nearMiss = checkObjective(
        { ...objective, minSnr: (one.value ?? 0) / 0.8 },
        scan(KNEE_ID, { ...base, nex: 1 }, single),
      );
      expect(nearMiss.passed).toBe(false);
      // Missed by 20 % of the target with a 50 % margin: 60 % of the points.
      expect(nearMiss.points).toBeCloseTo(6, 1);
    },
    SLOW,
  );
});

/** A 4-point diagnose-and-fix objective on wrap-around, answered in question `questionId`. */
const diagnoseWrap = (questionId: string): Objective => ({
  kind: 'diagnoseFix',
  id: 'd',
  points: 4,
  artifact: 'wrap',
  questionId,
});

describe('protocol checks and diagnose-and-fix', () => {
  it(
    'orientation, phase direction (axial columns run anterior–posterior), scan time, resolution, thickness, coverage, fat suppression',
    () => {
      const series = scan(KNEE_ID, {
        ...T1_SE,
        fovRead: 0.16,
        fovPhase: 0.16,
        matrixRead: 96,
        matrixPhase: 96,
        sliceCount: 3,
      });
      const check = (o: Objective) => checkObjective(o, series);
      expect(check({ kind: 'orientation', id: 'o', points: 1, orientation: 'axial' }).passed).toBe(true);
      expect(check({ kind: 'phaseDirection', id: 'p', points: 1, direction: 'AP' }).passed).toBe(true);
      // TR 0.5 s × 96 lines × 1 NEX = 48 s.
      const time = check({
        kind: 'scanTimeMax',
        id: 't',
        points: 2,
        maxSeconds: 40,
        partialCredit: { marginFraction: 0.4 },
      });
      expect(time.value).toBeCloseTo(48, 6);
      expect(time.points).toBeCloseTo(2 * (1 - 0.2 / 0.4), 6);
      expect(check({ kind: 'inPlaneResolutionMax', id: 'r', points: 1, maxMm: 1.5 }).passed).toBe(false);
      expect(check({ kind: 'sliceThicknessMax', id: 's', points: 1, maxMm: 5 }).passed).toBe(true);
      expect(check({ kind: 'fatSuppression', id: 'fs', points: 1, required: true }).passed).toBe(false);
      const coverage = check({ kind: 'coverage', id: 'c', points: 1, tissue: 'cartilage', minFraction: 0.9 });
      expect(coverage.passed).toBe(false);
      expect(coverage.value).toBeGreaterThan(0);
      expect(coverage.value).toBeLessThan(0.5);
    },
    SLOW,
  );

  it(
    'diagnose and fix: half the points for naming wrap, half for a series without it',
    () => {
      const objective = diagnoseWrap('q1');
      const wrapped = scan(KNEE_ID, { ...T1_SE, fovRead: 0.16, fovPhase: 0.08, matrixPhase: 48 });
      const fixed = scan(KNEE_ID, { ...T1_SE, fovRead: 0.16, fovPhase: 0.16 });
      expect(checkObjective(objective, wrapped, { q1: 'Aliasing: the leg folded over' })).toMatchObject({
        passed: false,
        points: 2,
      });
      expect(checkObjective(objective, fixed, { q1: 'motion' })).toMatchObject({ passed: false, points: 2 });
      const [best] = gradeSubmission([objective], [wrapped, fixed], {
        q1: 'Wrap-around; I doubled the phase FOV',
      });
      expect(best).toMatchObject({ passed: true, points: 4, seriesIndex: 1 });
    },
    SLOW,
  );

  it(
    'naming every artifact does not name the artifact (issue 20.3): more than one artifact fails with a message',
    () => {
      const objective = diagnoseWrap('q');
      const fixed = scan(KNEE_ID, { ...T1_SE, fovRead: 0.16, fovPhase: 0.16 });
      const every = checkObjective(objective, fixed, {
        q: 'wrap, chemical shift, motion, susceptibility or gibbs ringing',
      });
      expect(every).toMatchObject({ passed: false, points: 2 });
      expect(every.hint).toMatch(/names 5 artifacts .*: name the one artifact you saw/);
      const two = checkObjective(objective, fixed, { q: 'aliasing or motion ghosts' });
      expect(two).toMatchObject({ passed: false, points: 2 });
      expect(two.hint).toMatch(/names 2 artifacts/);
      // A wrong name does not reveal the artifact (no wrap measurement, no remedy).
      const wrong = checkObjective(objective, fixed, { q: 'chemical shift' });
      expect(wrong.measured).toBe('the answer names chemical shift');
      expect(wrong.adjust).toEqual(['answer']);
      expect(checkObjective(objective, fixed, { q: 'Aliasing: the leg folded in' })).toMatchObject({
        passed: true,
        points: 4,
      });
    },
    SLOW,
  );

  it('no series submitted: every objective fails with no points', () => {
    const [r] = gradeSubmission([{ kind: 'noWrap', id: 'w', points: 2 }], []);
    expect(r).toMatchObject({ passed: false, points: 0, maxPoints: 2, seriesIndex: null });
  });
});
