/**
 * The competency calls (issue 24.3): GET v1/programs/{programId}/competency-map (a program's teachers: which
 * module and objective assesses which competency) and GET v1/me/competencies (the caller's progress).
 */
import { useQuery } from '@tanstack/react-query';
import {
  COMPETENCY_PATHS,
  competencyMapSchema,
  competencyProgressSchema,
  type CompetencyMap,
  type CompetencyProgress,
} from '@larmor/contracts/competencies';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { programsQueryKey } from './keys.ts';

export function getCompetencyMap(programId: string): Promise<CompetencyMap> {
  return api.request(apiPath(COMPETENCY_PATHS.programMap, { programId }), { schema: competencyMapSchema });
}

/** The map of `programId`; nothing is asked while `enabled` is false (a learner may not read it). */
export function useCompetencyMap(programId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...programsQueryKey, 'competency-map', programId],
    queryFn: () => getCompetencyMap(programId),
    enabled: enabled && programId !== '',
  });
}

export function useMyCompetencies() {
  return useQuery({
    queryKey: ['competencies', 'mine'],
    queryFn: (): Promise<CompetencyProgress> =>
      api.request(COMPETENCY_PATHS.mine, { schema: competencyProgressSchema }),
  });
}
