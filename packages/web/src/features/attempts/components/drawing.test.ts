import { ANNOTATIONS_MAX } from '@larmor/contracts/attempts';
import { describe, expect, it } from 'vitest';
import {
  drawingReducer,
  drawingsOn,
  initialDrawing,
  keyboardDrawing,
  type DrawingAction,
  type DrawingState,
} from './drawing.ts';

const SR = '00000000-0000-4000-8000-000000000001';
const run = (state: DrawingState, actions: DrawingAction[]) => actions.reduce(drawingReducer, state);
const begin = (point: [number, number], slice = 0): DrawingAction => ({
  type: 'begin',
  scanResultId: SR,
  slice,
  point,
});

describe('feedback drawing reducer: tool, criterion, press–drag–release', () => {
  it('an arrow is kept from press to release, tied to the chosen criterion, with the note', () => {
    const start = initialDrawing([], 'weighting');
    const state = run(start, [
      { type: 'tool', tool: 'arrow' },
      { type: 'note', note: ' CSF should be bright ' },
      begin([10, 10]),
      { type: 'extend', point: [20, 15] },
      { type: 'extend', point: [30, 20] },
      { type: 'finish' },
    ]);
    expect(state.draft).toBeNull();
    expect(state.note).toBe('');
    expect(state.annotations).toEqual([
      {
        criterionId: 'weighting',
        scanResultId: SR,
        slice: 0,
        kind: 'arrow',
        points: [
          [10, 10],
          [30, 20],
        ],
        text: 'CSF should be bright',
      },
    ]);
  });

  it('looking draws nothing; a click is not an arrow; without a criterion nothing starts', () => {
    expect(run(initialDrawing([], 'c'), [begin([1, 1]), { type: 'finish' }]).annotations).toEqual([]);
    const click = run(initialDrawing([], 'c'), [
      { type: 'tool', tool: 'arrow' },
      begin([1, 1]),
      { type: 'finish' },
    ]);
    expect(click.annotations).toEqual([]);
    const none = run(initialDrawing([], ''), [{ type: 'tool', tool: 'arrow' }, begin([1, 1])]);
    expect(none.draft).toBeNull();
  });

  it('a traced region keeps points at least 1.5 px apart and needs three corners', () => {
    const traced = run(initialDrawing([], 'c'), [
      { type: 'tool', tool: 'roi' },
      begin([0, 0]),
      { type: 'extend', point: [0.5, 0] },
      { type: 'extend', point: [10, 0] },
      { type: 'extend', point: [10, 10] },
      { type: 'finish' },
    ]);
    expect(traced.annotations[0]?.points).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
    ]);
    const line = run(initialDrawing([], 'c'), [
      { type: 'tool', tool: 'roi' },
      begin([0, 0]),
      { type: 'extend', point: [10, 0] },
      { type: 'finish' },
    ]);
    expect(line.annotations).toEqual([]);
  });

  it('drawings are removed by index, capped at the contract’s maximum, and listed per series and slice', () => {
    const arrow = (slice: number): DrawingAction[] => [
      begin([0, 0], slice),
      { type: 'extend', point: [5, 5] },
      { type: 'finish' },
    ];
    let state = run(initialDrawing([], 'c'), [{ type: 'tool', tool: 'arrow' }, ...arrow(0), ...arrow(1)]);
    expect(drawingsOn(state, SR, 1).map((d) => d.index)).toEqual([1]);
    state = drawingReducer(state, { type: 'remove', index: 0 });
    expect(state.annotations.map((a) => a.slice)).toEqual([1]);
    const [kept] = state.annotations;
    if (!kept) throw new Error('no drawing kept');
    const full = { ...state, annotations: Array.from({ length: ANNOTATIONS_MAX }, () => kept) };
    expect(drawingReducer(full, begin([0, 0])).draft).toBeNull();
  });
});

describe('drawing from the keyboard: crosshair, Enter, Space, Escape', () => {
  const where = { scanResultId: SR, slice: 2 };

  it('arrow keys move the crosshair 1 px, 8 px with Shift; other keys are not the drawing’s', () => {
    expect(keyboardDrawing('ArrowRight', false, [10, 10], null, where)).toEqual({
      cursor: [11, 10],
      actions: [],
    });
    expect(keyboardDrawing('ArrowUp', true, [10, 10], null, where)?.cursor).toEqual([10, 2]);
    expect(keyboardDrawing('a', false, [10, 10], null, where)).toBeNull();
    expect(keyboardDrawing('Escape', false, [10, 10], null, where)).toBeNull();
  });

  it('Enter, arrows, Enter draws an arrow from where it started to the crosshair', () => {
    let state = drawingReducer(initialDrawing([], 'c'), { type: 'tool', tool: 'arrow' });
    let cursor: [number, number] = [10, 10];
    for (const [key, fast] of [
      ['Enter', false],
      ['ArrowRight', true],
      ['ArrowDown', true],
      ['Enter', false],
    ] as const) {
      const step = keyboardDrawing(key, fast, cursor, state.draft, where);
      if (!step) throw new Error(`${key} ignored`);
      cursor = step.cursor;
      state = step.actions.reduce(drawingReducer, state);
    }
    expect(state.annotations).toEqual([
      {
        criterionId: 'c',
        scanResultId: SR,
        slice: 2,
        kind: 'arrow',
        points: [
          [10, 10],
          [18, 18],
        ],
      },
    ]);
  });

  it('a region takes its corners with Space and ends with Enter; Escape drops it', () => {
    let state = drawingReducer(initialDrawing([], 'c'), { type: 'tool', tool: 'roi' });
    let cursor: [number, number] = [0, 0];
    const press = (key: string, fast = false) => {
      const step = keyboardDrawing(key, fast, cursor, state.draft, where);
      if (!step) throw new Error(`${key} ignored`);
      cursor = step.cursor;
      state = step.actions.reduce(drawingReducer, state);
    };
    press('Enter');
    press('ArrowRight', true);
    press(' ');
    press('ArrowDown', true);
    press('Enter');
    expect(state.annotations[0]?.points).toEqual([
      [0, 0],
      [8, 0],
      [8, 8],
    ]);
    press('Enter');
    press('Escape');
    expect(state.draft).toBeNull();
    expect(state.annotations).toHaveLength(1);
  });
});
