/**
 * The SSO provider form's values (issue 27.6): the create body with the e-mail domain as text (blank: any domain)
 * and the client secret as text that is required when creating and, when editing, left blank to keep the stored
 * one (the API never answers it).
 */
import { z } from 'zod';
import {
  SSO_FIELD_MAX_LENGTH,
  ssoEmailDomainSchema,
  ssoProviderCreateSchema,
  type SsoProvider,
  type SsoProviderCreate,
  type SsoProviderPatch,
} from '@larmor/contracts/sso';

/** The form's schema; `creating` makes the client secret required. */
export function providerFormSchema(creating: boolean) {
  return ssoProviderCreateSchema.omit({ clientSecret: true, emailDomain: true }).extend({
    clientSecret: z
      .string()
      .max(SSO_FIELD_MAX_LENGTH)
      .refine((text) => !creating || text.trim() !== '', 'Required'),
    emailDomain: z
      .string()
      .refine(
        (text) => text.trim() === '' || ssoEmailDomainSchema.safeParse(text).success,
        'Must be a domain name such as school.example',
      ),
  });
}
export type ProviderFormValues = z.infer<ReturnType<typeof providerFormSchema>>;

const domainOf = (text: string): string | null => (text.trim() === '' ? null : text.trim().toLowerCase());

export function toCreateBody(values: ProviderFormValues): SsoProviderCreate {
  return { ...values, clientSecret: values.clientSecret.trim(), emailDomain: domainOf(values.emailDomain) };
}

/** The changes of an edit: every field, the secret only when a new one was typed. */
export function toPatchBody(values: ProviderFormValues): SsoProviderPatch {
  const { clientSecret, ...rest } = values;
  return {
    ...rest,
    emailDomain: domainOf(values.emailDomain),
    ...(clientSecret.trim() !== '' && { clientSecret: clientSecret.trim() }),
  };
}

export function providerFormDefaults(provider?: SsoProvider): ProviderFormValues {
  return {
    name: provider?.name ?? '',
    issuer: provider?.issuer ?? '',
    clientId: provider?.clientId ?? '',
    clientSecret: '',
    emailDomain: provider?.emailDomain ?? '',
    defaultRole: provider?.defaultRole ?? 'Student',
    enabled: provider?.enabled ?? true,
  };
}
