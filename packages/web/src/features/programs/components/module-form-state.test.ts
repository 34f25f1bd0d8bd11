import { describe, expect, it } from 'vitest';
import { labCreateSchema } from '@larmor/contracts/programs';
import {
  EMPTY_MODULE_FORM,
  isoToLocalInput,
  localInputToIso,
  moduleBody,
  moduleFormErrors,
  moduleFormReducer,
  type ModuleFormAction,
} from './module-form-state.ts';
import { modelOption } from './model-option.testing.ts';

const filled: ModuleFormAction[] = [
  { type: 'set', field: 'title', value: '  Make CSF bright  ' },
  { type: 'model', id: 1 },
  { type: 'sequenceTypes', codes: [34, 5] },
  { type: 'set', field: 'attemptsAllowed', value: '3' },
  { type: 'set', field: 'availableFrom', value: '2026-12-01T09:00' },
  { type: 'set', field: 'dueAt', value: '2026-12-08T17:00' },
];

describe('module form', () => {
  it('builds a body the create schema accepts, numbers and dates converted', () => {
    const state = filled.reduce(moduleFormReducer, EMPTY_MODULE_FORM);
    expect(moduleFormErrors(state)).toEqual({});
    const body = moduleBody(state);
    expect(body).toMatchObject({ title: 'Make CSF bright', anatomicalModelId: 1, sequenceTypes: [5, 34] });
    expect(body.attemptsAllowed).toBe(3);
    expect(body.estimatedDurationMin).toBeNull();
    expect(body.dueAt).toBe(new Date('2026-12-08T17:00').toISOString());
    expect(labCreateSchema.safeParse(body).success).toBe(true);
  });

  it('asks for a title and a model, whole numbers, and a due date after the available date', () => {
    const actions: ModuleFormAction[] = [
      { type: 'set', field: 'attemptsAllowed', value: '1.5' },
      { type: 'set', field: 'availableFrom', value: '2026-12-08T09:00' },
      { type: 'set', field: 'dueAt', value: '2026-12-01T09:00' },
    ];
    const state = actions.reduce(moduleFormReducer, EMPTY_MODULE_FORM);
    expect(Object.keys(moduleFormErrors(state)).sort()).toEqual([
      'anatomicalModelId',
      'attemptsAllowed',
      'dueAt',
      'title',
    ]);
  });

  it('locks only presets that have a value, and clearing a value unlocks it', () => {
    let state = moduleFormReducer(EMPTY_MODULE_FORM, { type: 'lock', name: 'b0field', locked: true });
    expect(state.lockedPresets).toEqual([]);
    state = moduleFormReducer(state, { type: 'preset', name: 'b0field', value: 1.5 });
    state = moduleFormReducer(state, { type: 'lock', name: 'b0field', locked: true });
    expect(state.lockedPresets).toEqual(['b0field']);
    state = moduleFormReducer(state, { type: 'preset', name: 'b0field', value: undefined });
    expect(state.presets).toEqual({});
    expect(state.lockedPresets).toEqual([]);
  });

  it('sends presets, locks and named tissue overrides; a bad preset or override blocks sending', () => {
    let state = filled.reduce(moduleFormReducer, EMPTY_MODULE_FORM);
    state = moduleFormReducer(state, { type: 'preset', name: 'b0field', value: 3 });
    state = moduleFormReducer(state, { type: 'lock', name: 'b0field', locked: true });
    state = moduleFormReducer(state, { type: 'addTissue' });
    state = moduleFormReducer(state, { type: 'addTissue' });
    const [first] = state.tissueRows;
    for (const [field, value] of [
      ['tissue', 'csf'],
      ['t1Ms', '3700'],
      ['t2Ms', '1800'],
    ] as const) {
      state = moduleFormReducer(state, { type: 'tissue', id: first?.id ?? 0, field, value });
    }
    const body = moduleBody(state);
    expect(body).toMatchObject({
      presets: { b0field: 3 },
      lockedPresets: ['b0field'],
      tissueOverrides: [{ tissue: 'csf', t1Ms: 3700, t2Ms: 1800 }],
    });
    expect(labCreateSchema.safeParse(body).success).toBe(true);
    const badT2 = moduleFormReducer(state, {
      type: 'tissue',
      id: first?.id ?? 0,
      field: 't2Ms',
      value: '5000',
    });
    expect(moduleFormErrors(badT2).tissueRows).toBeDefined();
    const badPreset = moduleFormReducer(state, { type: 'preset', name: 'motion', value: 'rotational' });
    const tooFast = moduleFormReducer(badPreset, { type: 'preset', name: 'motion_rot_freq', value: 11 });
    expect(moduleFormErrors(tooFast).presets).toBeDefined();
    const removed = moduleFormReducer(state, { type: 'removeTissue', id: first?.id ?? 0 });
    expect(moduleBody(removed).tissueOverrides).toEqual([]);
  });

  it('picking another model drops the presets and tissue overrides it cannot have', () => {
    const knee = modelOption({
      id: 2,
      name: 'Knee',
      engineModelId: 2,
      engineModelName: 'Knee',
      features: [],
      tissues: ['fat', 'muscle'],
      coils: [{ uniqueName: 'knee', shownName: 'Knee coil' }],
    });
    let state = moduleFormReducer(EMPTY_MODULE_FORM, { type: 'model', id: 202 });
    state = moduleFormReducer(state, { type: 'preset', name: 'activate_contrast', value: true });
    state = moduleFormReducer(state, { type: 'preset', name: 'contrast_volume', value: 15 });
    state = moduleFormReducer(state, { type: 'preset', name: 'noise', value: 1 });
    state = moduleFormReducer(state, { type: 'addTissue' });
    state = moduleFormReducer(state, { type: 'tissue', id: 1, field: 'tissue', value: 'csf' });
    state = moduleFormReducer(state, { type: 'model', id: 2, model: knee });
    expect(state.anatomicalModelId).toBe(2);
    expect(state.presets).toEqual({ noise: 1 });
    expect(state.tissueRows).toEqual([]);
  });

  it('round-trips local date-time inputs through ISO timestamps', () => {
    expect(isoToLocalInput(localInputToIso('2026-12-05T09:30'))).toBe('2026-12-05T09:30');
    expect(localInputToIso('')).toBeNull();
    expect(isoToLocalInput(null)).toBe('');
  });
});
