/**
 * GET v1/programs/{programId}/enrollment-candidates: the users a teacher or admin may enrol (their organisation's
 * only), searched by username or name, one page at a time.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPath,
  enrollmentCandidateListSchema,
  PROGRAM_PATHS,
  type EnrollmentCandidateList,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

/** Candidates shown per page. */
export const CANDIDATES_PER_PAGE = 10;

export function listEnrollmentCandidates(
  programId: string,
  search: string,
  page: number,
): Promise<EnrollmentCandidateList> {
  return api.request(apiPath(PROGRAM_PATHS.programEnrollmentCandidates, { programId }), {
    query: { page, per_page: CANDIDATES_PER_PAGE, ...(search === '' ? {} : { search }) },
    schema: enrollmentCandidateListSchema,
  });
}

export function useEnrollmentCandidates(programId: string, search: string, page: number) {
  return useQuery({
    ...queryOptions({
      // Under programsQueryKey: an enrolment refetches who is enrolled already.
      queryKey: [...programsQueryKey, 'enrollment-candidates', programId, search, page],
      queryFn: () => listEnrollmentCandidates(programId, search, page),
    }),
    placeholderData: keepPreviousData,
  });
}
