import { describe, expect, it } from 'vitest';
import type { ActiveSession } from '@larmor/contracts/sessions';
import { settingValue, withConfigurationValue } from './configuration.ts';
import { configurationItemOf as item } from './configuration.testing.ts';

describe('a session configuration (simulator.md §3)', () => {
  it('reads a setting as a string, or the fallback when the session has none', () => {
    expect(settingValue([item('noise', 2)], 'noise', '1')).toBe('2');
    expect(settingValue([], 'noise', '1')).toBe('1');
  });

  it('changes one item of the payload and leaves the others and the session untouched', () => {
    const active = {
      configuration: [item('text_on_viewers', 1), item('noise', 2)],
    } as unknown as ActiveSession;
    const next = withConfigurationValue(active, 'text_on_viewers', 0);
    expect(next.configuration).toEqual([item('text_on_viewers', 0), item('noise', 2)]);
    expect(active.configuration[0]?.selectedValue).toBe(1);
    expect(withConfigurationValue(active, 'ecgGraph', 1).configuration).toEqual(active.configuration);
  });
});
