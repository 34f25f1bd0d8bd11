import { describe, expect, it } from 'vitest';
import { settingBlockedReason } from './settings.ts';
import { configurationItemOf as item } from '#entities/session/configuration.testing.ts';

describe('which settings a student may change', () => {
  it('a locked preset is blocked with the reason, on either back end', () => {
    expect(settingBlockedReason('noise', [item('noise', 2, true)], 'censol')).toMatch(/^Set by this module/);
  });

  it('the CPU simulator refuses scanner settings and chemical shift but not noise', () => {
    expect(settingBlockedReason('b0field', [], 'cpusim')).toBe('Not available on the CPU simulator');
    expect(settingBlockedReason('activate_cs', [], 'cpusim')).toBe('Not available on the CPU simulator');
    expect(settingBlockedReason('noise', [], 'cpusim')).toBeUndefined();
    expect(settingBlockedReason('b0field', [], 'censol')).toBeUndefined();
  });

  it('overwrite_simulation_settings disables the simulation toggles', () => {
    const config = [item('overwrite_simulation_settings', 1)];
    expect(settingBlockedReason('t2Star', config, 'censol')).toBe(
      'The module overwrites the simulation settings',
    );
    expect(settingBlockedReason('noise', config, 'censol')).toBeUndefined();
  });
});
