import { describe, expect, it } from 'vitest';
import { studentsSearchParams } from '#entities/student/api/list-students.ts';
import { initialStudentsQuery, studentsPageCount, studentsQueryReducer } from './students-query.ts';

describe('students list query', () => {
  it('sorting the same column flips the direction; a new column starts ascending, on page 1', () => {
    const onPage3 = studentsQueryReducer(initialStudentsQuery, { type: 'page', page: 3 });
    const flipped = studentsQueryReducer(onPage3, { type: 'sort', by: 'last_name' });
    expect(flipped).toMatchObject({ order_by: 'last_name', order_dir: 'desc', page: 1 });
    const other = studentsQueryReducer(flipped, { type: 'sort', by: 'email' });
    expect(other).toMatchObject({ order_by: 'email', order_dir: 'asc' });
  });

  it('a filter goes back to page 1; the same search keeps the state', () => {
    const onPage2 = studentsQueryReducer(initialStudentsQuery, { type: 'page', page: 2 });
    expect(studentsQueryReducer(onPage2, { type: 'search', term: 'ann' }).page).toBe(1);
    expect(studentsQueryReducer(onPage2, { type: 'search', term: '' })).toBe(onPage2);
    expect(studentsQueryReducer(onPage2, { type: 'courses', courseIds: ['c'] }).page).toBe(1);
    expect(studentsQueryReducer(onPage2, { type: 'withoutInactive', value: true }).page).toBe(1);
  });

  it('writes the spec’s query parameter names, courseIds comma-separated, an empty search left out', () => {
    const params = studentsSearchParams({ ...initialStudentsQuery, courseIds: ['a', 'b'], search_term: ' ' });
    expect(Object.fromEntries(params)).toEqual({
      page: '1',
      per_page: '20',
      order_by: 'last_name',
      order_dir: 'asc',
      without_inactive_users: 'false',
      includeArchived: 'false',
      courseIds: 'a,b',
    });
    expect(studentsPageCount(0, 20)).toBe(1);
    expect(studentsPageCount(41, 20)).toBe(3);
  });
});
