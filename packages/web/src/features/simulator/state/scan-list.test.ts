import { describe, expect, it } from 'vitest';
import type { Collection, PulseSequence } from '@larmor/contracts/sessions';
import {
  copiedGeometry,
  copyName,
  dropPosition,
  groupedSequences,
  otherStacks,
  selectionAfterDelete,
} from './scan-list.ts';

const seq = (id: string, collectionId: string, seqnum: number) =>
  ({ id, collectionId, seqnum }) as PulseSequence;
const col = (id: string, position: number) => ({ id, name: `Scan ${position}`, position }) as Collection;

describe('scan list', () => {
  it('groups sequences under their collections in seqnum order, keeping an empty new collection', () => {
    const groups = groupedSequences({
      collections: [col('c2', 2), col('c1', 1), col('c3', 3)],
      pulseSequences: [seq('b', 'c1', 2), seq('c', 'c2', 3), seq('a', 'c1', 1)],
    });
    expect(groups.map((g) => [g.name, g.sequences.map((s) => s.id)])).toEqual([
      ['Scan 1', ['a', 'b']],
      ['Scan 2', ['c']],
      ['Scan 3', []],
    ]);
  });

  it('a drop moves to the target’s position; dropping on itself moves nothing', () => {
    const list = [seq('a', 'c', 1), seq('b', 'c', 2), seq('c', 'c', 3)];
    expect(dropPosition(list, 'c', 'a')).toBe(1);
    expect(dropPosition(list, 'a', 'a')).toBeUndefined();
  });

  it('a copy is named "(copy)" within the name limit', () => {
    expect(copyName('T2-weighted TSE', 100)).toBe('T2-weighted TSE (copy)');
    expect(copyName('x'.repeat(100), 100)).toHaveLength(100);
  });

  it('after a delete the selection stays on another sequence, else moves to the one in its place, else the last', () => {
    const remaining = [seq('a', 'c', 1), seq('c', 'c', 2)];
    const deleted = { id: 'b', seqnum: 2 };
    expect(selectionAfterDelete(remaining, deleted, 'a')).toBe('a');
    expect(selectionAfterDelete(remaining, deleted, 'b')).toBe('c');
    expect(selectionAfterDelete(remaining, { id: 'd', seqnum: 3 }, 'd')).toBe('c');
    expect(selectionAfterDelete([], deleted, 'b')).toBeUndefined();
  });

  it('copy geometry takes the source’s spatials, FOV, slices and phase direction, never its contrast', () => {
    const geometry = {
      fovRead: 0.24,
      fovPhase: 0.2,
      sliceThickness: 0.004,
      sliceGap: 0.001,
      sliceCount: 12,
      phaseDirection: 'row',
    };
    const source = {
      spatials: { orientation: 'sagittal', center: [0.01, 0.02, 0.03], rotation: 0.1 },
      parameters: { ...geometry, echoTime: 0.1, repetitionTime: 4 },
    } as unknown as PulseSequence;
    expect(copiedGeometry(source)).toEqual({ spatials: source.spatials, parameters: geometry });
  });

  it('the other stacks are every other sequence the engine can draw', () => {
    const make = (id: string, family: string) =>
      ({
        id,
        name: id,
        family,
        parameters: {},
        spatials: { orientation: 'axial', center: [0, 0, 0] },
      }) as unknown as PulseSequence;
    const others = otherStacks([make('a', 'SE'), make('b', 'TSE'), make('c', 'NOPE')], 'a');
    expect(others.map((o) => [o.name, o.protocol.family])).toEqual([['b', 'TSE']]);
  });
});
