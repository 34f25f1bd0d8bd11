/** GET v1/programs: the programs the caller may manage (teachers and admins), paged. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PROGRAM_PATHS,
  programListResponseSchema,
  type ProgramListQuery,
  type ProgramListResponse,
} from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export type ProgramListParams = Partial<ProgramListQuery>;

export function listPrograms(query: ProgramListParams): Promise<ProgramListResponse> {
  return api.request(PROGRAM_PATHS.programs, {
    query: { ...query, search: query.search === '' ? undefined : query.search },
    schema: programListResponseSchema,
  });
}

export function programsQueryOptions(query: ProgramListParams) {
  return queryOptions({ queryKey: [...programsQueryKey, 'list', query], queryFn: () => listPrograms(query) });
}

export function usePrograms(query: ProgramListParams) {
  return useQuery({ ...programsQueryOptions(query), placeholderData: keepPreviousData });
}
