import { describe, expect, it } from 'vitest';
import type { Objective } from '@larmor/contracts/objectives';
import {
  newObjectiveRow,
  objectiveOf,
  objectiveRowErrors,
  objectiveRowsFrom,
  type ObjectiveRow,
} from './objectives-state.ts';

const BRAIN = { tissues: ['csf', 'whiteMatter', 'greyMatter', 'fat'], families: ['SE', 'GRE'] };

const edit = (row: ObjectiveRow, change: Partial<ObjectiveRow>): ObjectiveRow => ({
  ...row,
  ...change,
  params: { ...row.params, ...(change.params ?? {}) },
});

describe('the module form’s objectives', () => {
  it('a stored objective reads back into its row and out unchanged, keeping what the form does not edit', () => {
    const stored: Objective[] = [
      { kind: 'coverage', id: 'c', points: 2, tissue: 'whiteMatter', minFraction: 0.5, feedbackPass: 'Good' },
      {
        kind: 'scanTimeMax',
        id: 't',
        title: 'Quick',
        points: 1,
        maxSeconds: 240,
        partialCredit: { marginFraction: 0.2 },
        mustPass: true,
        feedbackFail: 'Shorten TR.',
      },
      { kind: 'fatSuppression', id: 'f', points: 1, required: true },
    ];
    const rows = objectiveRowsFrom(stored);
    expect(rows[0]?.params).toEqual({ tissue: 'whiteMatter', minFraction: '50' });
    expect(rows[1]).toMatchObject({
      title: 'Quick',
      mustPass: true,
      hint: 'Shorten TR.',
      params: { maxSeconds: '240' },
    });
    expect(rows.map(objectiveOf)).toEqual(stored);
  });

  it('a new row names its parameters’ mistakes in words with units, and stands for no objective until they are fixed', () => {
    let row = newObjectiveRow([], 'contrastOrder');
    expect(row.id).toBe('contrastOrder-1');
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      brighter: 'Brighter tissue: pick one',
      darker: 'Darker tissue: pick one',
    });
    expect(objectiveOf(row)).toBeNull();
    row = edit(row, { params: { brighter: 'csf', darker: 'csf' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      darker: 'The brighter and the darker tissue must differ',
    });
    row = edit(row, { params: { darker: 'liver' }, points: '101' });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      darker: 'Darker tissue: the anatomical model has no liver',
      points: 'Points: a number from 0 to 100',
    });
    row = edit(row, {
      params: { darker: 'whiteMatter' },
      points: '3',
      mustPass: true,
      hint: ' Lengthen TE. ',
    });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({});
    expect(objectiveOf(row)).toEqual({
      kind: 'contrastOrder',
      id: 'contrastOrder-1',
      points: 3,
      brighter: 'csf',
      darker: 'whiteMatter',
      mustPass: true,
      feedbackFail: 'Lengthen TE.',
    });
  });

  it('thresholds are numbers within their range, said with the unit; a share in % is stored as a fraction', () => {
    const time = newObjectiveRow([], 'scanTimeMax');
    expect(objectiveRowErrors(edit(time, { params: { maxSeconds: '400.' } }), BRAIN)).toEqual({
      maxSeconds: 'Longest scan time: a number above 0 up to 36000 s',
    });
    expect(objectiveRowErrors(edit(time, { params: { maxSeconds: '0' } }), BRAIN)).toEqual({
      maxSeconds: 'Longest scan time: above 0 up to 36000 s',
    });
    const coverage = edit(newObjectiveRow([], 'coverage'), { params: { tissue: 'fat', minFraction: '80' } });
    expect(objectiveOf(coverage)).toMatchObject({ minFraction: 0.8 });
    const family = newObjectiveRow([], 'sequenceFamily');
    expect(objectiveRowErrors(family, BRAIN)).toEqual({ families: 'Pick at least one sequence type' });
    expect(objectiveRowErrors(edit(family, { families: ['EPI'] }), BRAIN)).toEqual({
      families: 'The module offers none of these sequence types',
    });
    expect(newObjectiveRow([time], 'scanTimeMax').id).toBe('scanTimeMax-2');
  });
});
