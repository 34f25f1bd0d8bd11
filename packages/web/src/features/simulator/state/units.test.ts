import { describe, expect, it } from 'vitest';
import { decimalsOf, displayUnit, formatScanTime, fromDisplay, toDisplay } from './units.ts';

describe('display units', () => {
  it('time in ms or s and distance in mm or cm, per the preferences', () => {
    const ms = displayUnit('echoTime', 's', { time: 'ms', distance: 'mm' });
    expect(toDisplay(0.0048, 1e-4, ms)).toBe(4.8);
    const s = displayUnit('echoTime', 's', { time: 's', distance: 'mm' });
    expect(toDisplay(0.0048, 1e-4, s)).toBe(0.0048);
    const cm = displayUnit('sliceThickness', 'm', { time: 'ms', distance: 'cm' });
    expect(toDisplay(0.005, 1e-4, cm)).toBe(0.5);
    expect(fromDisplay(0.5, cm)).toBeCloseTo(0.005, 15);
  });

  it('angles in degrees, phase oversampling in percent', () => {
    expect(
      toDisplay(Math.PI / 2, Math.PI / 180, displayUnit('flipAngle', 'rad', { time: 'ms', distance: 'mm' })),
    ).toBe(90);
    expect(displayUnit('phaseOversampling', 'fraction', { time: 'ms', distance: 'mm' })).toEqual({
      label: '%',
      factor: 100,
    });
  });

  it('decimals follow the step', () => {
    expect(decimalsOf(0.1)).toBe(1);
    expect(decimalsOf(1)).toBe(0);
    expect(decimalsOf(0.0001)).toBe(4);
  });

  it('scan time reads like a console: 01m:23s', () => {
    expect(formatScanTime(83)).toBe('01m:23s');
    expect(formatScanTime(3723)).toBe('1h 02m:03s');
  });
});
