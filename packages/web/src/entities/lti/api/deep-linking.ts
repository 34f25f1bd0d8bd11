/**
 * LTI deep linking (issue 27.3; contracts lti-deep-linking.ts): the teacher's pending request, with what the
 * picker offers, and the teacher's choice, answered with the URL of the form that returns it to the platform.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  LTI_DEEP_LINKING_PATHS,
  ltiDeepLinkChosenSchema,
  ltiDeepLinkRequestSchema,
  type LtiDeepLinkChoice,
} from '@larmor/contracts/lti-deep-linking';
import { apiPath } from '@larmor/contracts/programs';
import { api } from '#lib/api.ts';

export function useDeepLinkRequest(linkId: string) {
  return useQuery({
    queryKey: ['lti', 'deep-linking', linkId] as const,
    queryFn: () =>
      api.request(apiPath(LTI_DEEP_LINKING_PATHS.request, { linkId }), { schema: ltiDeepLinkRequestSchema }),
  });
}

export function useChooseDeepLink(linkId: string) {
  return useMutation({
    mutationFn: (choice: LtiDeepLinkChoice) =>
      api.request(apiPath(LTI_DEEP_LINKING_PATHS.request, { linkId }), {
        method: 'POST',
        body: choice,
        schema: ltiDeepLinkChosenSchema,
      }),
  });
}
