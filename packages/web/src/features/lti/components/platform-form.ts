/**
 * The platform form's values: the create body with the deployment ids typed as one text (separated by commas,
 * spaces or new lines), as the platforms show them.
 */
import { z } from 'zod';
import { ltiPlatformCreateSchema, type LtiPlatform, type LtiPlatformCreate } from '@larmor/contracts/lti';

/** The ids (or origins) typed in `text`, in order, without blanks. */
export function deploymentIdsOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((id) => id !== '');
}

export const platformFormSchema = ltiPlatformCreateSchema
  .omit({ deploymentIds: true, frameOrigins: true })
  .extend({
    deploymentIds: z
      .string()
      .refine((text) => deploymentIdsOf(text).length > 0, 'At least one deployment id'),
    /** Extra origins that frame Larmor, typed as a list like the deployment ids (checked by the server). */
    frameOrigins: z.string(),
  });
export type PlatformFormValues = z.infer<typeof platformFormSchema>;

export function toPlatformBody(values: PlatformFormValues): LtiPlatformCreate {
  return {
    ...values,
    deploymentIds: deploymentIdsOf(values.deploymentIds),
    frameOrigins: deploymentIdsOf(values.frameOrigins),
  };
}

export function platformFormDefaults(platform?: LtiPlatform): PlatformFormValues {
  return {
    name: platform?.name ?? '',
    issuer: platform?.issuer ?? '',
    clientId: platform?.clientId ?? '',
    deploymentIds: platform?.deploymentIds.join(', ') ?? '',
    jwksUrl: platform?.jwksUrl ?? '',
    authUrl: platform?.authUrl ?? '',
    tokenUrl: platform?.tokenUrl ?? '',
    frameOrigins: platform?.frameOrigins.join(', ') ?? '',
  };
}
