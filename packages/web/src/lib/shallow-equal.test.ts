import { describe, expect, it } from 'vitest';
import { shallowEqual } from './shallow-equal.ts';

describe('shallowEqual: the same own keys, each value Object.is-equal', () => {
  it('holds for two objects with the same values, whatever their identity', () => {
    expect(
      shallowEqual({ key: 'echoTime', min: 0.001, max: 0.3 }, { key: 'echoTime', min: 0.001, max: 0.3 }),
    ).toBe(true);
  });

  it('fails on a changed value, a missing or extra key, and nested objects compared by identity', () => {
    expect(shallowEqual({ min: 0.001 }, { min: 0.002 })).toBe(false);
    expect(shallowEqual<{ min?: number; max?: number }>({ min: 0.001 }, { min: 0.001, max: 1 })).toBe(false);
    expect(shallowEqual<{ min?: number; max?: number }>({ min: 0.001, max: 1 }, { min: 0.001 })).toBe(false);
    expect(shallowEqual<{ a?: number; b?: number }>({ a: undefined }, { b: undefined })).toBe(false);
    expect(shallowEqual({ center: [0, 0, 0] }, { center: [0, 0, 0] })).toBe(false);
  });

  it('compares NaN as equal and +0 / −0 as different (Object.is)', () => {
    expect(shallowEqual({ v: NaN }, { v: NaN })).toBe(true);
    expect(shallowEqual({ v: 0 }, { v: -0 })).toBe(false);
  });
});
