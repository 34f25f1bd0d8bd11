/**
 * The users list's query as a pure reducer (STYLE.md 6): searching goes back to page 1, sorting by the same
 * column flips the direction, a new column starts ascending. Defaults of platform-shell.md §9.
 */
import {
  USER_LIST_DEFAULT_ORDER_BY,
  USER_LIST_DEFAULT_ORDER_DIR,
  USER_LIST_DEFAULT_PAGE,
  USER_LIST_DEFAULT_PAGE_SIZE,
} from '@larmor/contracts/constants';
import type { UserListQuery, UserOrderColumn } from '@larmor/contracts/users';

export const initialUsersQuery: UserListQuery = {
  page: USER_LIST_DEFAULT_PAGE,
  per_page: USER_LIST_DEFAULT_PAGE_SIZE,
  order_by: USER_LIST_DEFAULT_ORDER_BY,
  order_dir: USER_LIST_DEFAULT_ORDER_DIR,
  name: '',
};

export type UsersQueryAction =
  { type: 'search'; name: string } | { type: 'sort'; by: UserOrderColumn } | { type: 'page'; page: number };

export function usersQueryReducer(state: UserListQuery, action: UsersQueryAction): UserListQuery {
  switch (action.type) {
    case 'search':
      return action.name === state.name ? state : { ...state, name: action.name, page: 1 };
    case 'sort':
      return {
        ...state,
        order_by: action.by,
        order_dir: state.order_by === action.by && state.order_dir === 'asc' ? 'desc' : 'asc',
        page: 1,
      };
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.page)) };
  }
}

/** Number of pages for `total` users at `perPage` a page (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The selection after toggling `id`; toggling all selects every id on the page, or clears when all are. */
export function toggleSelection(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** True when the page has rows and every one of them is selected. */
export function allSelected(selected: ReadonlySet<string>, pageIds: readonly string[]): boolean {
  return pageIds.length > 0 && pageIds.every((id) => selected.has(id));
}

export function toggleAll(selected: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  return allSelected(selected, pageIds) ? new Set() : new Set(pageIds);
}
