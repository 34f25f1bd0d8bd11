import { describe, expect, it } from 'vitest';
import {
  allSelected,
  initialUsersQuery,
  pageCount,
  toggleAll,
  toggleSelection,
  usersQueryReducer,
} from './users-list-state.ts';

describe('usersQueryReducer', () => {
  it('starts at page 1, 50 a page, ordered by created_at ascending (platform-shell.md §9)', () => {
    expect(initialUsersQuery).toEqual({
      page: 1,
      per_page: 50,
      order_by: 'created_at',
      order_dir: 'asc',
      name: '',
    });
  });

  it('goes back to page 1 on a new search', () => {
    const onPage3 = usersQueryReducer(initialUsersQuery, { type: 'page', page: 3 });
    expect(usersQueryReducer(onPage3, { type: 'search', name: 'ann' })).toMatchObject({
      name: 'ann',
      page: 1,
    });
  });

  it('flips the direction when sorting by the same column and starts ascending on a new one', () => {
    const byName = usersQueryReducer(initialUsersQuery, { type: 'sort', by: 'username' });
    expect(byName).toMatchObject({ order_by: 'username', order_dir: 'asc' });
    expect(usersQueryReducer(byName, { type: 'sort', by: 'username' })).toMatchObject({ order_dir: 'desc' });
    expect(usersQueryReducer(initialUsersQuery, { type: 'sort', by: 'created_at' })).toMatchObject({
      order_dir: 'desc',
    });
  });

  it('counts pages and selects rows', () => {
    expect([pageCount(0, 50), pageCount(50, 50), pageCount(51, 50)]).toEqual([1, 1, 2]);
    expect([...toggleSelection(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleSelection(new Set(['a']), 'a')]).toEqual([]);
    expect(allSelected(new Set(['a']), ['a', 'b'])).toBe(false);
    expect(allSelected(new Set(['a', 'b']), ['a', 'b'])).toBe(true);
    expect(allSelected(new Set(), [])).toBe(false);
    expect([...toggleAll(new Set(['a']), ['a', 'b'])]).toEqual(['a', 'b']);
    expect([...toggleAll(new Set(['a', 'b']), ['a', 'b'])]).toEqual([]);
  });
});
