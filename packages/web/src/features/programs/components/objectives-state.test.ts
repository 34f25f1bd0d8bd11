import { describe, expect, it } from 'vitest';
import type { Objective } from '@larmor/contracts/objectives';
import { OBJECTIVE_KIND_TITLES } from '@larmor/contracts/objectives';
import {
  newObjectiveRow,
  OBJECTIVE_KINDS,
  OBJECTIVE_PARAMS,
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

/** The parameters of the row a stored objective reads back into; throws for a row that stood for no objective. */
function paramsReadBack(objective: Objective | null): ObjectiveRow['params'] | undefined {
  if (!objective) throw new Error('no objective');
  return objectiveRowsFrom([objective])[0]?.params;
}

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

describe('the measured kinds of issue 24 in the module form', () => {
  it('the picker offers every kind the grader knows, each with labelled parameters (numbers with units)', () => {
    expect(OBJECTIVE_KINDS).toEqual(Object.keys(OBJECTIVE_KIND_TITLES));
    for (const kind of [
      'cnrMin',
      'signalRatioMin',
      'tissueNull',
      'adcRange',
      'sarMax',
      'angulation',
      'gibbsMax',
      'ghostMax',
    ] as const)
      expect(OBJECTIVE_KINDS).toContain(kind);
    for (const params of Object.values(OBJECTIVE_PARAMS))
      for (const p of params) if (p.type === 'number') expect(p.unit, p.name).not.toBe('');
  });

  it('CNR: two different tissues of the model and a ratio', () => {
    let row = newObjectiveRow([], 'cnrMin');
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      tissue: 'One tissue: pick one',
      otherTissue: 'The other tissue: pick one',
      minCnr: 'Least contrast-to-noise ratio between them: a number above 0 up to 10000 ratio',
    });
    row = edit(row, { params: { tissue: 'csf', otherTissue: 'csf', minCnr: '12' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      otherTissue: 'The two tissues of a contrast-to-noise check must differ',
    });
    expect(objectiveOf(row)).toBeNull();
    row = edit(row, { params: { otherTissue: 'whiteMatter' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({});
    expect(objectiveOf(row)).toMatchObject({ tissue: 'csf', otherTissue: 'whiteMatter', minCnr: 12 });
  });

  it('signal ratio: two different tissues of the model and the least ratio of their means', () => {
    let row = newObjectiveRow([], 'signalRatioMin');
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      tissue: 'Brighter tissue: pick one',
      otherTissue: 'Tissue it is compared with: pick one',
      minRatio: 'Least ratio of their mean signals: a number above 0 up to 1000 ratio',
    });
    row = edit(row, { params: { tissue: 'csf', otherTissue: 'liver', minRatio: '0' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      otherTissue: 'Tissue it is compared with: the anatomical model has no liver',
      minRatio: 'Least ratio of their mean signals: above 0 up to 1000 ratio',
    });
    row = edit(row, { params: { otherTissue: 'csf', minRatio: '2.5' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      otherTissue: 'The two tissues of a signal ratio check must differ',
    });
    expect(objectiveOf(row)).toBeNull();
    row = edit(row, { params: { otherTissue: 'whiteMatter' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({});
    const objective = objectiveOf(row);
    expect(objective).toEqual({
      kind: 'signalRatioMin',
      id: 'signalRatioMin-1',
      points: 1,
      tissue: 'csf',
      otherTissue: 'whiteMatter',
      minRatio: 2.5,
    });
    expect(paramsReadBack(objective)).toEqual({
      tissue: 'csf',
      otherTissue: 'whiteMatter',
      minRatio: '2.5',
    });
  });

  it('ADC in 10⁻³ mm²/s, stored in mm²/s; the lowest below the highest', () => {
    const row = edit(newObjectiveRow([], 'adcRange'), {
      params: { tissue: 'whiteMatter', minMm2PerS: '0.9', maxMm2PerS: '0.6' },
    });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      maxMm2PerS: 'The lowest ADC must be below the highest',
    });
    const fixed = objectiveOf(edit(row, { params: { minMm2PerS: '0', maxMm2PerS: '0.9' } }));
    expect(fixed).toMatchObject({ kind: 'adcRange', minMm2PerS: 0 });
    expect(fixed?.kind === 'adcRange' ? fixed.maxMm2PerS : NaN).toBeCloseTo(0.9e-3, 12);
    expect(objectiveRowErrors(edit(row, { params: { maxMm2PerS: '11' } }), BRAIN)).toEqual({
      maxMm2PerS: 'Highest ADC: above 0 up to 10 10⁻³ mm²/s',
    });
  });

  it('a null as the share of its signal a tissue keeps (%), SAR in W/kg, artifact limits in % and pixels', () => {
    const kept = edit(newObjectiveRow([], 'tissueNull'), { params: { tissue: 'csf', maxFraction: '5' } });
    expect(objectiveOf(kept)).toMatchObject({ tissue: 'csf', maxFraction: 0.05 });
    const sar = newObjectiveRow([], 'sarMax');
    expect(objectiveRowErrors(edit(sar, { params: { maxWattsPerKg: '5' } }), BRAIN)).toEqual({
      maxWattsPerKg: 'Highest whole-body SAR: above 0 up to 4 W/kg',
    });
    expect(objectiveOf(edit(sar, { params: { maxWattsPerKg: '2' } }))).toMatchObject({ maxWattsPerKg: 2 });
    const distortion = edit(newObjectiveRow([], 'distortionMax'), { params: { maxPixels: '0' } });
    expect(objectiveOf(distortion)).toMatchObject({ maxPixels: 0 });
    const gibbs = newObjectiveRow([], 'gibbsMax');
    expect(objectiveRowErrors(gibbs, BRAIN)).toEqual({
      maxPercent: 'Strongest ringing 5 mm from an edge: a number above 0 up to 100 % of the edge’s step',
    });
  });

  it('an angulation: the line’s name and its ends as "x, y, z" in mm, read back the same', () => {
    let row = edit(newObjectiveRow([], 'angulation'), {
      params: { line: 'AC–PC line', fromMm: '0, 2', toMm: '0, 2, 600', maxDegrees: '5' },
    });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      fromMm: 'One end of the line: three numbers x, y, z in mm, each from −500 to 500',
      toMm: 'The other end: three numbers x, y, z in mm, each from −500 to 500',
    });
    row = edit(row, { params: { fromMm: '0, 2, -4', toMm: '0 2 -4' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      toMm: 'The two ends of the anatomical line must differ',
    });
    row = edit(row, { params: { toMm: '0, -24, -2' } });
    const objective = objectiveOf(row);
    expect(objective).toMatchObject({
      line: 'AC–PC line',
      fromMm: [0, 2, -4],
      toMm: [0, -24, -2],
      maxDegrees: 5,
    });
    expect(paramsReadBack(objective)).toEqual({
      line: 'AC–PC line',
      fromMm: '0, 2, -4',
      toMm: '0, -24, -2',
      maxDegrees: '5',
    });
  });
});

describe('a reading question in the module form (issue 24, model 100001)', () => {
  it('a prompt, choices one per line and the right one among them; stored as the contract’s list', () => {
    let row = newObjectiveRow([], 'readingAnswer');
    expect(row.params['questionId']).toBe('reading');
    expect(objectiveRowErrors(row, BRAIN)).toEqual({
      prompt: 'Question the student reads: pick one',
      choices: 'Choices the student picks from (one per line): 2 to 8 different choices',
      answer: 'Right answer (one of the choices, as typed; never shown to students): pick one',
    });
    row = edit(row, { params: { prompt: 'Which series?', choices: 'T1\n\n FLAIR \n', answer: 'T2' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({ answer: 'The right answer must be one of the choices' });
    expect(objectiveOf(row)).toBeNull();
    row = edit(row, { params: { answer: 'FLAIR' } });
    expect(objectiveRowErrors(row, BRAIN)).toEqual({});
    const stored = objectiveOf(row);
    expect(stored).toMatchObject({ questionId: 'reading', choices: ['T1', 'FLAIR'], answer: 'FLAIR' });
    expect(paramsReadBack(stored)?.['choices']).toBe('T1\nFLAIR');
    expect(objectiveRowErrors(edit(row, { params: { choices: 'T1\nT1' } }), BRAIN)['choices']).toMatch(
      /appears twice/,
    );
  });
});
