import { describe, expect, it } from 'vitest';
import { labCreateSchema } from '@larmor/contracts/programs';
import { EMPTY_MODULE_FORM, moduleBody, moduleFormErrors, moduleFormReducer } from './module-form-state.ts';
import { modelOption } from './model-option.testing.ts';
import { preparedSeriesOf, startingProtocolsOf, startingRowsFrom } from './starting-protocols-state.ts';

describe('starting protocols in the module form (issue 20.4: the author sets where a sequence starts)', () => {
  it('sends TI 1000 ms of a FLAIR as 1 s, leaves empty fields to the type’s defaults, and reads it back', () => {
    let state = moduleFormReducer(EMPTY_MODULE_FORM, { type: 'set', field: 'title', value: 'FLAIR' });
    state = moduleFormReducer(state, { type: 'model', id: 1 });
    state = moduleFormReducer(state, { type: 'sequenceTypes', codes: [11, 22] });
    state = moduleFormReducer(state, {
      type: 'starting',
      sequenceType: 11,
      field: 'inversionTime',
      value: '1000',
    });
    state = moduleFormReducer(state, { type: 'starting', sequenceType: 22, field: 'flipAngle', value: '' });
    const body = moduleBody(state);
    expect(body.startingProtocols).toEqual([{ sequenceType: 11, parameters: { inversionTime: 1 } }]);
    expect(labCreateSchema.safeParse(body).success).toBe(true);
    expect(startingRowsFrom(body.startingProtocols ?? [])[0]?.values.inversionTime).toBe('1000');
  });

  it('keeps parameters the form does not edit, converts the flip angle, and drops a type the module no longer offers', () => {
    const rows = startingRowsFrom([
      { sequenceType: 5, parameters: { fovPhase: 0.1, flipAngle: Math.PI / 2 } },
      { sequenceType: 2, parameters: { bandwidthPerPixel: 100 } },
    ]);
    expect(rows[0]?.values.flipAngle).toBe('90');
    expect(startingProtocolsOf(rows)).toEqual([
      { sequenceType: 5, parameters: { fovPhase: 0.1, flipAngle: Math.PI / 2 } },
      { sequenceType: 2, parameters: { bandwidthPerPixel: 100 } },
    ]);
    let state = { ...EMPTY_MODULE_FORM, sequenceTypes: [2, 5], startingRows: rows };
    state = moduleFormReducer(state, { type: 'sequenceTypes', codes: [5] });
    expect(startingProtocolsOf(state.startingRows).map((p) => p.sequenceType)).toEqual([5]);
  });

  it('a value that is not a positive number blocks sending', () => {
    const state = moduleFormReducer(EMPTY_MODULE_FORM, {
      type: 'starting',
      sequenceType: 11,
      field: 'inversionTime',
      value: 'soon',
    });
    expect(moduleFormErrors(state).startingRows).toBe('A starting value is not a positive number');
  });
});

describe('prepared series in the module form (issue 24, model 100001)', () => {
  it('a reading-only model sends its chosen types as prepared series (set or not) and no type to add', () => {
    let state = moduleFormReducer(EMPTY_MODULE_FORM, { type: 'set', field: 'title', value: 'Reading' });
    state = moduleFormReducer(state, {
      type: 'model',
      id: 100001,
      model: modelOption({ id: 100001, readingOnly: true }),
    });
    state = moduleFormReducer(state, { type: 'sequenceTypes', codes: [20, 11] });
    state = moduleFormReducer(state, { type: 'starting', sequenceType: 20, field: 'echoTime', value: '15' });
    const body = moduleBody(state);
    expect(body.sequenceTypes).toEqual([]);
    expect(body.startingProtocols).toEqual([
      { sequenceType: 11, parameters: {} },
      { sequenceType: 20, parameters: { echoTime: 0.015 } },
    ]);
    expect(labCreateSchema.safeParse(body).success).toBe(true);
    expect(preparedSeriesOf([22], [])).toEqual([{ sequenceType: 22, parameters: {} }]);
  });

  it('another model sends its types to add and only the starting protocols that set something', () => {
    let state = moduleFormReducer(EMPTY_MODULE_FORM, { type: 'model', id: 1, model: modelOption({}) });
    state = moduleFormReducer(state, { type: 'sequenceTypes', codes: [20, 11] });
    expect(moduleBody(state)).toMatchObject({ sequenceTypes: [11, 20], startingProtocols: [] });
  });
});
