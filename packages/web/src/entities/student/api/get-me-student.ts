/** GET v2/me/ (simulator.md §7): oneself with one's scan results and the organisation one acts in. */
import { useQuery } from '@tanstack/react-query';
import { meStudentSchema, STUDENT_PATHS, type MeStudent } from '@larmor/contracts/students';
import { api } from '#lib/api.ts';
import { studentsQueryKey } from './keys.ts';

export function getMeStudent(): Promise<MeStudent> {
  return api.request(STUDENT_PATHS.me, { schema: meStudentSchema });
}

export function useMeStudent() {
  return useQuery({ queryKey: [...studentsQueryKey, 'me'], queryFn: getMeStudent });
}
