/** GET v2/clients/{groupId}/users/courses (simulator.md §7): the courses the organisation's students take. */
import { useQuery } from '@tanstack/react-query';
import {
  clientCoursesResponseSchema,
  STUDENT_PATHS,
  type ClientCoursesResponse,
} from '@larmor/contracts/students';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { studentsQueryKey } from './keys.ts';

export function listClientCourses(groupId: string, includeArchived: boolean): Promise<ClientCoursesResponse> {
  return api.request(apiPath(STUDENT_PATHS.clientUsersCourses, { groupId }), {
    query: { includeArchived },
    schema: clientCoursesResponseSchema,
  });
}

export function useClientCourses(groupId: string | null, includeArchived: boolean) {
  return useQuery({
    queryKey: [...studentsQueryKey, 'courses', groupId, includeArchived],
    queryFn: () => listClientCourses(groupId ?? '', includeArchived),
    enabled: groupId !== null,
  });
}
