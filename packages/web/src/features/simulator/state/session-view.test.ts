import { describe, expect, it } from 'vitest';
import { noiseLevelOf, scannerOf, showsSusceptibility, systemSettings, unitsOf } from './session-view.ts';
import { configurationItemOf as item } from '#entities/session/configuration.testing.ts';

describe('session view', () => {
  it('the scanner follows b0field [T], maxGr [mT/m] and coil, with the defaults of simulator.md §9', () => {
    expect(scannerOf([])).toEqual({ b0: 1.5, maxGradient: 0.045, maxSlewRate: 200, coil: 'body' });
    expect(scannerOf([item('b0field', 3), item('maxGr', '80'), item('coil', 'head8')])).toMatchObject({
      b0: 3,
      maxGradient: 0.08,
      coil: 'head8',
    });
  });

  it('units and noise come from the configuration', () => {
    expect(unitsOf([item('time_unit', 's'), item('distance_unit', 'cm')])).toEqual({
      time: 's',
      distance: 'cm',
    });
    expect(unitsOf([])).toEqual({ time: 'ms', distance: 'mm' });
    expect(noiseLevelOf([item('noise', 3)])).toBe(3);
    expect(noiseLevelOf([item('noise', 9)])).toBe(1);
  });

  it('susceptibility shows on the Bloch backend with the setting on, never on the CPU simulator (spec §6)', () => {
    expect(showsSusceptibility([item('susceptibility', 1)], 'censol')).toBe(true);
    expect(showsSusceptibility([item('susceptibility', 0)], 'censol')).toBe(false);
    expect(showsSusceptibility([], 'censol')).toBe(false);
    expect(showsSusceptibility([item('susceptibility', 1)], 'cpusim')).toBe(false);
  });

  it('a locked preset is marked locked on the System card', () => {
    const settings = systemSettings([item('b0field', 3, true), item('noise', 0)]);
    expect(settings.find((s) => s.label === 'Field strength')).toEqual({
      label: 'Field strength',
      value: '3 T',
      locked: true,
    });
    expect(settings.find((s) => s.label === 'Noise')).toMatchObject({ value: 'Off', locked: false });
  });
});
