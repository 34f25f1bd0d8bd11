/**
 * GET v1/anatomical-models/{userId}/single/{modelId} (simulator.md §7): the session's model with its features
 * (which Patient settings sections and tools it offers) and regions.
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPath } from '@larmor/contracts/programs';
import { anatomicalModelSchema, SESSION_PATHS } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';
import { useSession } from '#lib/session.ts';

export type AnatomicalModel = z.infer<typeof anatomicalModelSchema>;

export function getAnatomicalModel(userId: string, modelId: number): Promise<AnatomicalModel> {
  return api.request(apiPath(SESSION_PATHS.anatomicalModel, { userId, modelId: String(modelId) }), {
    schema: anatomicalModelSchema,
  });
}

export function useAnatomicalModel(modelId: number) {
  const { claims } = useSession();
  const userId = claims?.uid === undefined ? '' : String(claims.uid);
  return useQuery({
    queryKey: ['simulator', 'anatomical-model', userId, modelId],
    queryFn: () => getAnatomicalModel(userId, modelId),
    enabled: userId !== '',
    staleTime: Infinity,
  });
}
