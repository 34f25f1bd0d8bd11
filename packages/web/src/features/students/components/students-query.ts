/** The students list's query state: sorting a column flips or starts ascending; any filter goes to page 1. */
import type { StudentsQuery } from '#entities/student/api/list-students.ts';

export const STUDENTS_PAGE_SIZE = 20;

export const initialStudentsQuery: StudentsQuery = {
  page: 1,
  per_page: STUDENTS_PAGE_SIZE,
  order_by: 'last_name',
  order_dir: 'asc',
  search_term: '',
  without_inactive_users: false,
  courseIds: [],
  includeArchived: false,
};

export type StudentsQueryAction =
  | { type: 'sort'; by: StudentsQuery['order_by'] }
  | { type: 'page'; page: number }
  | { type: 'search'; term: string }
  | { type: 'courses'; courseIds: string[] }
  | { type: 'withoutInactive'; value: boolean }
  | { type: 'includeArchived'; value: boolean };

export function studentsQueryReducer(state: StudentsQuery, action: StudentsQueryAction): StudentsQuery {
  switch (action.type) {
    case 'sort': {
      const dir = state.order_by === action.by && state.order_dir === 'asc' ? 'desc' : 'asc';
      return { ...state, order_by: action.by, order_dir: dir, page: 1 };
    }
    case 'page':
      return { ...state, page: action.page };
    case 'search':
      return state.search_term === action.term ? state : { ...state, search_term: action.term, page: 1 };
    case 'courses':
      return { ...state, courseIds: action.courseIds, page: 1 };
    case 'withoutInactive':
      return { ...state, without_inactive_users: action.value, page: 1 };
    case 'includeArchived':
      return { ...state, includeArchived: action.value, page: 1 };
  }
}

/** Pages needed for `total` rows (at least 1). */
export function studentsPageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
