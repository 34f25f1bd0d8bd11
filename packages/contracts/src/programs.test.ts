import { describe, expect, it } from 'vitest';
import { labCreateSchema, labPatchSchema, programCreateSchema, apiPath, PROGRAM_PATHS } from './programs.ts';
import { SEQUENCE_TYPE_CODES } from './sequence-types.ts';

describe('learning content schemas', () => {
  it('sequence-type codes are the spec’s 1–27, 33 and 34 (simulator.md §3), each once', () => {
    const expected = [...Array.from({ length: 27 }, (_, i) => i + 1), 33, 34];
    expect([...SEQUENCE_TYPE_CODES]).toEqual(expected);
  });

  it('a new module needs only a title and a model; the rest defaults', () => {
    const lab = labCreateSchema.parse({ title: ' Null the CSF ', anatomicalModelId: 1 });
    expect(lab).toMatchObject({ title: 'Null the CSF', backend: 'cpusim', sequenceTypes: [], presets: {} });
    expect(lab.attemptsAllowed).toBeNull();
  });

  it('a locked preset needs a preset value, and a module is due after it opens', () => {
    const locked = labCreateSchema.safeParse({
      title: 'x',
      anatomicalModelId: 1,
      lockedPresets: ['b0field'],
    });
    expect(locked.success).toBe(false);
    const ok = labPatchSchema.safeParse({ presets: { b0field: 3 }, lockedPresets: ['b0field'] });
    expect(ok.success).toBe(true);
    const due = labPatchSchema.safeParse({
      availableFrom: '2026-01-02T00:00:00Z',
      dueAt: '2026-01-01T00:00:00Z',
    });
    expect(due.success).toBe(false);
  });

  it('presets take only the spec’s values: field strengths, unknown names and unknown sequence codes fail', () => {
    expect(labPatchSchema.safeParse({ presets: { b0field: 2 } }).success).toBe(false);
    expect(labPatchSchema.safeParse({ presets: { nonsense: 1 } }).success).toBe(false);
    expect(labPatchSchema.safeParse({ sequenceTypes: [30] }).success).toBe(false);
    expect(
      labPatchSchema.safeParse({ tissueOverrides: [{ tissue: 'csf', t1Ms: 100, t2Ms: 200 }] }).success,
    ).toBe(false);
  });

  it('a tissue override may set proton density (0–1] and T2* no longer than T2', () => {
    const override = { tissue: 'csf', t1Ms: 4000, t2Ms: 2000 };
    const ok = (o: object) => labPatchSchema.safeParse({ tissueOverrides: [o] }).success;
    expect(ok({ ...override, pd: 1, t2StarMs: 2000 })).toBe(true);
    expect(ok({ ...override, pd: 0 })).toBe(false);
    expect(ok({ ...override, pd: 1.01 })).toBe(false);
    expect(ok({ ...override, t2StarMs: 2001 })).toBe(false);
  });

  it('only global programs are assigned to organisations or put in the free catalogue', () => {
    expect(programCreateSchema.safeParse({ title: 'P', freeCatalogue: true }).success).toBe(false);
    expect(programCreateSchema.safeParse({ title: 'P', global: true, freeCatalogue: true }).success).toBe(
      true,
    );
  });

  it('apiPath fills path parameters', () => {
    expect(apiPath(PROGRAM_PATHS.programEnrollments, { programId: 'a b' })).toBe(
      'v1/programs/a%20b/enrollments',
    );
  });
});
