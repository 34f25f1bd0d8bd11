import { describe, expect, it } from 'vitest';
import { currentIsocenter, isocenterChanges, isocentreKeyOf, regionLabel } from './isocenter.ts';
import { configurationItemOf as item } from '#entities/session/configuration.testing.ts';

describe('Set iso-center (simulator.md §4, §9)', () => {
  it('whole body sets isocenter and resets selected_region to 0; a region sets selected_region', () => {
    expect(isocenterChanges({ kind: 'whole-body', heightCm: 100 })).toEqual([
      ['isocenter', 100],
      ['selected_region', 0],
    ]);
    expect(isocenterChanges({ kind: 'region', regionId: 4 })).toEqual([['selected_region', 4]]);
  });

  it('reads the current choice back: a region when one is selected, else the height (default 180 cm)', () => {
    expect(currentIsocenter([])).toEqual({ kind: 'whole-body', heightCm: 180 });
    expect(currentIsocenter([item('isocenter', 60), item('selected_region', 0)])).toEqual({
      kind: 'whole-body',
      heightCm: 60,
    });
    expect(currentIsocenter([item('isocenter', 60), item('selected_region', 4)])).toEqual({
      kind: 'region',
      regionId: 4,
    });
  });

  it('labels regions with the heights of §9', () => {
    expect(regionLabel('Pelvis')).toBe('Pelvis (88 cm)');
    expect(regionLabel('Right foot')).toBe('Right foot (11 cm)');
    expect(regionLabel('Head')).toBe('Head');
  });

  it('the localisers’ key changes with the height and with the region', () => {
    const keys = [
      isocentreKeyOf([item('isocenter', 180)]),
      isocentreKeyOf([item('isocenter', 100)]),
      isocentreKeyOf([item('isocenter', 100), item('selected_region', 4)]),
    ];
    expect(new Set(keys).size).toBe(3);
  });
});
