/**
 * GET v2/clients/{groupId}/users (simulator.md §7) with page, per_page, order_by, order_dir, search_term,
 * without_inactive_users, courseIds and includeArchived.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  STUDENT_PATHS,
  studentListResponseSchema,
  type StudentListResponse,
} from '@larmor/contracts/students';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { studentsQueryKey } from './keys.ts';

/** The list's query as the page holds it. */
export interface StudentsQuery {
  page: number;
  per_page: number;
  order_by: 'last_name' | 'first_name' | 'username' | 'email' | 'created_at';
  order_dir: 'asc' | 'desc';
  search_term: string;
  without_inactive_users: boolean;
  courseIds: string[];
  includeArchived: boolean;
}

/** The query string of `query` (empty values left out). */
export function studentsSearchParams(query: StudentsQuery): URLSearchParams {
  const params = new URLSearchParams({
    page: String(query.page),
    per_page: String(query.per_page),
    order_by: query.order_by,
    order_dir: query.order_dir,
    without_inactive_users: String(query.without_inactive_users),
    includeArchived: String(query.includeArchived),
  });
  if (query.search_term.trim() !== '') params.set('search_term', query.search_term.trim());
  if (query.courseIds.length > 0) params.set('courseIds', query.courseIds.join(','));
  return params;
}

export function listStudents(groupId: string, query: StudentsQuery): Promise<StudentListResponse> {
  const path = apiPath(STUDENT_PATHS.clientUsers, { groupId });
  return api.request(`${path}?${studentsSearchParams(query).toString()}`, {
    schema: studentListResponseSchema,
  });
}

export function useStudents(groupId: string | null, query: StudentsQuery) {
  return useQuery({
    queryKey: [...studentsQueryKey, 'list', groupId, query],
    queryFn: () => listStudents(groupId ?? '', query),
    enabled: groupId !== null,
    placeholderData: keepPreviousData,
  });
}
