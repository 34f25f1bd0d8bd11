/**
 * LTI 1.3 platform registration (issue 27.1; contracts lti.ts): the organisation's platforms, Larmor's tool
 * configuration (JWKS URL and keys) and key rotation, under v1/clients/{id}/lti/.
 */
import { useQuery } from '@tanstack/react-query';
import {
  LTI_PATHS,
  ltiPlatformListSchema,
  ltiPlatformSchema,
  ltiToolConfigurationSchema,
  type LtiPlatformCreate,
  type LtiPlatformPatch,
} from '@larmor/contracts/lti';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';
import { useInvalidatingMutation } from '#lib/mutation.ts';

const platformsKey = (clientId: string) => ['lti', clientId, 'platforms'] as const;
const toolKey = (clientId: string) => ['lti', clientId, 'tool'] as const;

export function useLtiPlatforms(clientId: string | null) {
  return useQuery({
    queryKey: platformsKey(clientId ?? ''),
    queryFn: () =>
      api.request(apiPath(LTI_PATHS.platforms, { id: clientId ?? '' }), { schema: ltiPlatformListSchema }),
    enabled: clientId !== null,
  });
}

export function useLtiTool(clientId: string | null) {
  return useQuery({
    queryKey: toolKey(clientId ?? ''),
    queryFn: () =>
      api.request(apiPath(LTI_PATHS.tool, { id: clientId ?? '' }), { schema: ltiToolConfigurationSchema }),
    enabled: clientId !== null,
  });
}

export function useCreateLtiPlatform(clientId: string) {
  return useInvalidatingMutation(
    (body: LtiPlatformCreate) =>
      api.request(apiPath(LTI_PATHS.platforms, { id: clientId }), {
        method: 'POST',
        body,
        schema: ltiPlatformSchema,
      }),
    [platformsKey(clientId), toolKey(clientId)],
  );
}

export function useUpdateLtiPlatform(clientId: string, platformId: string) {
  return useInvalidatingMutation(
    (body: LtiPlatformPatch) =>
      api.request(apiPath(LTI_PATHS.platform, { id: clientId, platformId }), {
        method: 'PATCH',
        body,
        schema: ltiPlatformSchema,
      }),
    [platformsKey(clientId)],
  );
}

export function useDeleteLtiPlatform(clientId: string) {
  return useInvalidatingMutation(
    (platformId: string) =>
      api.request(apiPath(LTI_PATHS.platform, { id: clientId, platformId }), { method: 'DELETE' }),
    [platformsKey(clientId)],
  );
}

export function useRotateLtiKeys(clientId: string) {
  return useInvalidatingMutation(
    () =>
      api.request(apiPath(LTI_PATHS.rotateKeys, { id: clientId }), {
        method: 'POST',
        schema: ltiToolConfigurationSchema,
      }),
    [toolKey(clientId)],
  );
}
