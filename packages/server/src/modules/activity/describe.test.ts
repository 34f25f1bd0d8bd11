import { describe, expect, it } from 'vitest';
import { changedFields, formatValue, presentChange } from './describe.ts';

describe('activity values in console units', () => {
  it('shows SI times in ms, lengths in mm, angles in degrees, b-values in s/mm²', () => {
    expect(presentChange({ name: 'echoTime', from: 0.015, to: 0.08 })).toEqual({
      name: 'echoTime',
      label: 'TE',
      from: '15 ms',
      to: '80 ms',
    });
    expect(presentChange({ name: 'sliceThickness', from: 0.005, to: 0.003 }).to).toBe('3 mm');
    expect(presentChange({ name: 'flipAngle', from: Math.PI / 2, to: Math.PI / 6 })).toMatchObject({
      from: '90°',
      to: '30°',
    });
    expect(presentChange({ name: 'bValues', to: [0, 1e9] }).to).toBe('0 s/mm², 1000 s/mm²');
    expect(presentChange({ name: 'center', from: [0, 0, 0], to: [0.01, 0, -0.0205] }).to).toBe(
      '(10 mm, 0 mm, -20.5 mm)',
    );
    expect(presentChange({ name: 'fatSaturation', from: false, to: true })).toMatchObject({
      label: 'Fat saturation',
      from: 'off',
      to: 'on',
    });
  });

  it('keeps configuration names and marks an unknown old value as null', () => {
    expect(presentChange({ name: 'noise', to: 2 })).toEqual({
      name: 'noise',
      label: 'noise',
      from: null,
      to: '2',
    });
    expect(formatValue(undefined)).toBe('—');
  });

  it('lists only the fields whose value changed, arrays and objects compared by value', () => {
    expect(
      changedFields(
        { echoTime: 0.015, repetitionTime: 0.5, bValues: [0, 1e9] },
        { echoTime: 0.08, repetitionTime: 0.5, bValues: [0, 1e9], fatSaturation: true },
      ),
    ).toEqual([
      { name: 'echoTime', from: 0.015, to: 0.08 },
      { name: 'fatSaturation', from: undefined, to: true },
    ]);
  });
});
