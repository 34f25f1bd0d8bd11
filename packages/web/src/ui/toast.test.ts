import { describe, expect, it } from 'vitest';
import { defaultAutoClose } from './toast.ts';

describe('toast defaults (platform-shell.md §4, §9)', () => {
  it('closes success and info toasts after 5000 ms and keeps error toasts until closed', () => {
    expect(defaultAutoClose('success')).toBe(5_000);
    expect(defaultAutoClose('info')).toBe(5_000);
    expect(defaultAutoClose('error')).toBe(false);
  });
});
