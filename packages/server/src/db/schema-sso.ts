/** The tables of OpenID Connect single sign-on (issue 27.6; migration 0021). */
import type { Flag } from './schema.ts';

/** An organisation's OpenID Connect provider; `client_secret` is never answered. */
export interface SsoProvidersTable {
  id: string;
  client_id: string;
  name: string;
  issuer: string;
  oauth_client_id: string;
  client_secret: string;
  /** Lower-case domain the users' e-mail must be in; null: any. */
  email_domain: string | null;
  default_role: 'Student' | 'Teacher';
  enabled: Flag;
  created_at: string;
  updated_at: string;
}

/** The state, nonce and PKCE code verifier of one sign-in started: used once, before `expires_at`. */
export interface SsoStatesTable {
  state: string;
  provider_id: string;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
}

/** The Larmor account of a provider's user, by the provider and the user's `sub`. */
export interface SsoAccountsTable {
  provider_id: string;
  sub: string;
  user_id: string;
  created_at: string;
}
