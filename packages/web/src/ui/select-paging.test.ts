import { describe, expect, it } from 'vitest';
import { pageJumpIndex } from './select-paging.ts';

describe('pageJumpIndex (select page size, platform-shell.md §9)', () => {
  it('moves a page forward or back from the highlighted option', () => {
    expect(pageJumpIndex(1, 20, 1, 5)).toBe(6);
    expect(pageJumpIndex(12, 20, -1, 5)).toBe(7);
  });

  it('stops at the first and last options instead of wrapping', () => {
    expect(pageJumpIndex(17, 20, 1, 5)).toBe(19);
    expect(pageJumpIndex(3, 20, -1, 5)).toBe(0);
  });

  it('from no highlight, lands on the fifth option going down and on the first going up', () => {
    expect(pageJumpIndex(-1, 20, 1, 5)).toBe(4);
    expect(pageJumpIndex(-1, 3, 1, 5)).toBe(2);
    expect(pageJumpIndex(-1, 20, -1, 5)).toBe(0);
  });

  it('has nothing to highlight in an empty menu', () => {
    expect(pageJumpIndex(-1, 0, 1, 5)).toBe(-1);
  });
});
