import { describe, expect, it } from 'vitest';
import { labCreateSchema } from './programs.ts';
import {
  ANSWER_ONLY_KINDS,
  OBJECTIVE_KIND_TITLES,
  objectivesSchema,
  objectiveTitle,
  summarizeObjective,
  type Objective,
} from './objectives.ts';

describe('module objectives', () => {
  it('accepts each kind with its own fields and refuses unknown kinds, missing fields and duplicate ids', () => {
    const ok = objectivesSchema.safeParse([
      { kind: 'weighting', id: 'w', points: 2, weighting: 'T2' },
      { kind: 'contrastOrder', id: 'c', points: 1, brighter: 'csf', darker: 'whiteMatter' },
      { kind: 'scanTimeMax', id: 't', points: 1, maxSeconds: 180, partialCredit: { marginFraction: 0.5 } },
      { kind: 'diagnoseFix', id: 'd', points: 4, artifact: 'wrap', questionId: 'artifact' },
    ]);
    expect(ok.success).toBe(true);
    expect(objectivesSchema.safeParse([{ kind: 'bogus', id: 'x', points: 1 }]).success).toBe(false);
    expect(objectivesSchema.safeParse([{ kind: 'weighting', id: 'w', points: 1 }]).success).toBe(false);
    expect(
      objectivesSchema.safeParse([{ kind: 'weighting', id: 'w', points: 1, weighting: 'T3' }]).success,
    ).toBe(false);
    expect(objectivesSchema.safeParse([{ kind: 'noWrap', id: 'w', points: -1 }]).success).toBe(false);
    const twice = objectivesSchema.safeParse([
      { kind: 'noWrap', id: 'same', points: 1 },
      { kind: 'noMotion', id: 'same', points: 1 },
    ]);
    expect(twice.success).toBe(false);
  });

  it('a module’s objectives field is this schema (at most 50)', () => {
    const base = { title: 'M', anatomicalModelId: 2 };
    expect(
      labCreateSchema.safeParse({ ...base, objectives: [{ kind: 'noWrap', id: 'w', points: 1 }] }).success,
    ).toBe(true);
    expect(
      labCreateSchema.safeParse({ ...base, objectives: [{ kind: 'contrast', note: 'free text' }] }).success,
    ).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => ({ kind: 'noWrap', id: `w${i}`, points: 1 }));
    expect(labCreateSchema.safeParse({ ...base, objectives: many }).success).toBe(false);
  });
});

describe('objective titles in words (issue 20.3: no internal name reaches a student)', () => {
  it('every kind has a title without camelCase; an author’s title wins', () => {
    for (const [kind, title] of Object.entries(OBJECTIVE_KIND_TITLES))
      expect(title, kind).not.toMatch(/[a-z][A-Z]/);
    expect(objectiveTitle({ kind: 'contrastOrder' })).toBe('Contrast between tissues');
    expect(objectiveTitle({ kind: 'noWrap', title: 'No fold-over' })).toBe('No fold-over');
  });
});

describe('the measured kinds of issue 24 (CNR, signal ratio, null, ADC, SAR, angulation, artifact limits)', () => {
  const issues = (body: unknown) => {
    const parsed = objectivesSchema.safeParse([body]);
    return parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  };

  it('accepts each with its own fields in the module form’s units (mm²/s, W/kg, mm, degrees, %, pixels)', () => {
    const ok = objectivesSchema.safeParse([
      { kind: 'cnrMin', id: 'c', points: 1, tissue: 'whiteMatter', otherTissue: 'greyMatter', minCnr: 10 },
      { kind: 'tissueNull', id: 'n', points: 1, tissue: 'csf', maxFraction: 0.05 },
      { kind: 'signalRatioMin', id: 'r', points: 1, tissue: 'blood', otherTissue: 'liver', minRatio: 2.5 },
      { kind: 'adcRange', id: 'a', points: 1, tissue: 'whiteMatter', minMm2PerS: 6e-4, maxMm2PerS: 9e-4 },
      { kind: 'sarMax', id: 's', points: 1, maxWattsPerKg: 2 },
      {
        kind: 'angulation',
        id: 'l',
        points: 1,
        line: 'AC–PC line',
        fromMm: [0, 2, -4],
        toMm: [0, -24, -2],
        maxDegrees: 5,
      },
      { kind: 'gibbsMax', id: 'g', points: 1, maxPercent: 2 },
      { kind: 'ghostMax', id: 'h', points: 1, maxPercent: 1.5 },
      { kind: 'distortionMax', id: 'd', points: 1, maxPixels: 2 },
    ]);
    expect(ok.success).toBe(true);
  });

  it('refuses the same tissue twice, an inverted ADC range and a line of one point, saying which field and why', () => {
    expect(
      issues({ kind: 'cnrMin', id: 'c', points: 1, tissue: 'csf', otherTissue: 'csf', minCnr: 10 }),
    ).toEqual([
      { path: '0.otherTissue', message: 'The two tissues of a contrast-to-noise check must differ' },
    ]);
    expect(
      issues({
        kind: 'signalRatioMin',
        id: 'r',
        points: 1,
        tissue: 'liver',
        otherTissue: 'liver',
        minRatio: 2,
      }),
    ).toEqual([{ path: '0.otherTissue', message: 'The two tissues of a signal ratio check must differ' }]);
    expect(
      issues({ kind: 'adcRange', id: 'a', points: 1, tissue: 'csf', minMm2PerS: 3e-3, maxMm2PerS: 2e-3 }),
    ).toEqual([{ path: '0.maxMm2PerS', message: 'The lowest ADC must be below the highest' }]);
    expect(
      issues({
        kind: 'angulation',
        id: 'l',
        points: 1,
        line: 'AC–PC line',
        fromMm: [1, 2, 3],
        toMm: [1, 2, 3],
        maxDegrees: 5,
      }),
    ).toEqual([{ path: '0.toMm', message: 'The two ends of the anatomical line must differ' }]);
  });

  it('refuses out-of-range limits on the field that holds them', () => {
    const paths = (body: unknown) => issues(body).map((i) => i.path);
    expect(paths({ kind: 'sarMax', id: 's', points: 1, maxWattsPerKg: 5 })).toEqual(['0.maxWattsPerKg']);
    expect(paths({ kind: 'tissueNull', id: 'n', points: 1, tissue: 'csf', maxFraction: 0 })).toEqual([
      '0.maxFraction',
    ]);
    expect(
      paths({
        kind: 'angulation',
        id: 'l',
        points: 1,
        line: 'x',
        fromMm: [0, 0, 0],
        toMm: [0, 0, 900],
        maxDegrees: 91,
      }),
    ).toEqual(['0.toMm.2', '0.maxDegrees']);
    expect(paths({ kind: 'gibbsMax', id: 'g', points: 1, maxPercent: 0 })).toEqual(['0.maxPercent']);
    for (const minRatio of [0, -1, 1001])
      expect(
        paths({
          kind: 'signalRatioMin',
          id: 'r',
          points: 1,
          tissue: 'blood',
          otherTissue: 'liver',
          minRatio,
        }),
        String(minRatio),
      ).toEqual(['0.minRatio']);
    expect(paths({ kind: 'distortionMax', id: 'd', points: 1, maxPixels: -1 })).toEqual(['0.maxPixels']);
    expect(
      paths({ kind: 'adcRange', id: 'a', points: 1, tissue: 'csf', minMm2PerS: 0, maxMm2PerS: 0.02 }),
    ).toEqual(['0.maxMm2PerS']);
  });
});

describe('reading questions (issue 24, model 100001): multiple choice, the right answer never summarised', () => {
  const question: Objective = {
    kind: 'readingAnswer',
    id: 'read',
    points: 4,
    questionId: 'lesions',
    prompt: 'Which series shows the periventricular lesions best?',
    choices: ['T1', 'T2', 'FLAIR'],
    answer: 'FLAIR',
  };

  it('accepts a prompt, two to eight distinct choices and an answer among them; refuses the rest by field', () => {
    expect(objectivesSchema.safeParse([question]).success).toBe(true);
    const refused = (body: unknown) => {
      const parsed = objectivesSchema.safeParse([body]);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
    };
    expect(refused({ ...question, answer: 'PD' })).toEqual(['0.answer']);
    expect(refused({ ...question, choices: ['T1', 'T1', 'FLAIR'], answer: 'T1' })).toEqual(['0.choices']);
    expect(refused({ ...question, choices: ['FLAIR'] })).toEqual(['0.choices']);
    expect(refused({ ...question, prompt: ' ' })).toEqual(['0.prompt']);
  });

  it('a student’s summary carries the question id, prompt and choices, never the answer', () => {
    const summary = summarizeObjective(question);
    expect(summary).toEqual({
      id: 'read',
      kind: 'readingAnswer',
      title: 'Reading question',
      points: 4,
      mustPass: false,
      questionId: 'lesions',
      question: { prompt: question.prompt, choices: ['T1', 'T2', 'FLAIR'] },
    });
    expect(Object.keys(summary)).not.toContain('answer');
    expect(ANSWER_ONLY_KINDS).toEqual(['readingAnswer']);
  });
});
