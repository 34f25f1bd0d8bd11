/** GET v2/users/{userId} and GET /v2/users/{userId}/courses/overview (simulator.md §7). */
import { useQuery } from '@tanstack/react-query';
import {
  coursesOverviewResponseSchema,
  STUDENT_PATHS,
  studentDetailSchema,
  type CoursesOverviewResponse,
  type StudentDetail,
} from '@larmor/contracts/students';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { studentsQueryKey } from './keys.ts';

export function getStudent(userId: string): Promise<StudentDetail> {
  return api.request(apiPath(STUDENT_PATHS.user, { userId }), {
    schema: studentDetailSchema,
  });
}

export function getCoursesOverview(userId: string): Promise<CoursesOverviewResponse> {
  return api.request(apiPath(STUDENT_PATHS.userCoursesOverview, { userId }), {
    schema: coursesOverviewResponseSchema,
  });
}

export function useStudent(userId: string) {
  return useQuery({ queryKey: [...studentsQueryKey, 'detail', userId], queryFn: () => getStudent(userId) });
}

export function useCoursesOverview(userId: string) {
  return useQuery({
    queryKey: [...studentsQueryKey, 'overview', userId],
    queryFn: () => getCoursesOverview(userId),
  });
}
