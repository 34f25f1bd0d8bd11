/**
 * OpenID Connect providers configured by an organisation's administrators (issue 27.6). Validate → authorize →
 * command → present; every call names an organisation the caller administers (404 otherwise, as for
 * organisations and LTI platforms). The client secret is written and never presented.
 */
import {
  SSO_PATHS,
  type SsoProvider,
  type SsoProviderCreate,
  type SsoProviderList,
  type SsoProviderPatch,
  type SsoSignInOptionList,
} from '@larmor/contracts';
import { isoNow } from '../../db/ids.ts';
import { requireAdministered, type AdminScope } from '../organisations/access.ts';
import * as connections from '../organisations/connections.ts';
import * as repo from './repository.ts';
import type { Db, ProviderRow } from './repository.ts';

/** Larmor's redirect URI, the one every provider sends the browser back to. */
export const redirectUrlOf = (publicUrl: string): string => `${publicUrl}/api/${SSO_PATHS.callback}`;

function present(row: ProviderRow, publicUrl: string): SsoProvider {
  return {
    ...connections.present(row),
    clientSecretSet: true,
    emailDomain: row.email_domain,
    defaultRole: row.default_role,
    enabled: row.enabled === 1,
    redirectUrl: redirectUrlOf(publicUrl),
  };
}

function visibleProvider(db: Db, scope: AdminScope, clientId: string, id: string): Promise<ProviderRow> {
  return connections.visible(db, scope, clientId, () => repo.findProvider(db, id), 'Provider');
}

/** The columns a create or patch body writes. */
function columnsOf(body: SsoProviderPatch): Partial<ProviderRow> {
  return {
    ...connections.patchColumns(body),
    ...(body.clientSecret !== undefined && { client_secret: body.clientSecret }),
    ...(body.emailDomain !== undefined && { email_domain: body.emailDomain }),
    ...(body.defaultRole !== undefined && { default_role: body.defaultRole }),
    ...(body.enabled !== undefined && { enabled: body.enabled ? 1 : 0 }),
  };
}

export async function listProviders(
  db: Db,
  scope: AdminScope,
  clientId: string,
  publicUrl: string,
): Promise<SsoProviderList> {
  await requireAdministered(db, scope, clientId);
  return { items: (await repo.providersOf(db, clientId)).map((row) => present(row, publicUrl)) };
}

export async function getProvider(
  db: Db,
  scope: AdminScope,
  clientId: string,
  id: string,
  publicUrl: string,
): Promise<SsoProvider> {
  return present(await visibleProvider(db, scope, clientId, id), publicUrl);
}

export async function createProvider(
  db: Db,
  scope: AdminScope,
  clientId: string,
  body: SsoProviderCreate,
  publicUrl: string,
): Promise<SsoProvider> {
  await requireAdministered(db, scope, clientId);
  const row: ProviderRow = {
    ...connections.newColumns(clientId, body),
    client_secret: body.clientSecret,
    email_domain: body.emailDomain ?? null,
    default_role: body.defaultRole,
    enabled: body.enabled ? 1 : 0,
  };
  await repo.insertProvider(db, row);
  return present(row, publicUrl);
}

export async function updateProvider(
  db: Db,
  scope: AdminScope,
  clientId: string,
  id: string,
  body: SsoProviderPatch,
  publicUrl: string,
): Promise<SsoProvider> {
  await visibleProvider(db, scope, clientId, id);
  await repo.updateProvider(db, id, { ...columnsOf(body), updated_at: isoNow() });
  return getProvider(db, scope, clientId, id, publicUrl);
}

export async function deleteProvider(db: Db, scope: AdminScope, clientId: string, id: string): Promise<void> {
  await visibleProvider(db, scope, clientId, id);
  await repo.deleteProvider(db, id);
}

/** The sign-in page's options: every enabled provider's id and display name, nothing else. */
export async function signInOptions(db: Db): Promise<SsoSignInOptionList> {
  return { items: await repo.enabledProviders(db) };
}
