import { describe, expect, it } from 'vitest';
import { displayOptionChange, displayOptionsOf, viewerPreferencesOf } from './display-options.ts';
import { configurationItemOf as item } from './configuration.testing.ts';

describe('Display Options persisted as configuration flags (simulator.md §2, §3)', () => {
  it('reads each option from its flag, with box view, text and intersections on by default', () => {
    expect(displayOptionsOf([])).toEqual({
      view: 'box',
      textOnViewers: true,
      intersections: true,
      tissueOnHover: false,
      ecg: false,
    });
    expect(
      displayOptionsOf([
        item('slice_box_view', 0),
        item('text_on_viewers', 0),
        item('active_intersections', 0),
        item('show_tissue_hover', 1),
        item('ecgGraph', 1),
      ]),
    ).toEqual({ view: 'slice', textOnViewers: false, intersections: false, tissueOnHover: true, ecg: true });
  });

  it('a change names the flag: Slice View is slice_box_view 0, Box View 1', () => {
    expect(displayOptionChange('view', 'slice')).toEqual(['slice_box_view', 0]);
    expect(displayOptionChange('view', 'box')).toEqual(['slice_box_view', 1]);
    expect(displayOptionChange('tissueOnHover', true)).toEqual(['show_tissue_hover', 1]);
    expect(displayOptionChange('intersections', false)).toEqual(['active_intersections', 0]);
  });
});

describe('the viewers follow the session (issue 13: "The text on viewers display option hides it")', () => {
  it('hide the corner text when text_on_viewers is 0 and measure in the preferred distance unit', () => {
    expect(viewerPreferencesOf([])).toEqual({ textOnViewers: true, distanceUnit: 'mm' });
    expect(viewerPreferencesOf([item('text_on_viewers', 0)])).toEqual({
      textOnViewers: false,
      distanceUnit: 'mm',
    });
    const cm = { id: 2, name: 'distance_unit', selectedValue: 'cm', inBeta: false, locked: false };
    expect(viewerPreferencesOf([cm])).toEqual({ textOnViewers: true, distanceUnit: 'cm' });
  });
});
