import { describe, expect, it } from 'vitest';
import { labCreateSchema } from './programs.ts';
import { OBJECTIVE_KIND_TITLES, objectivesSchema, objectiveTitle } from './objectives.ts';

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
