/**
 * LTI platform registration by an organisation's administrators (issue 27.1): platforms, Larmor's tool
 * configuration for copying into them, and key rotation. Validate → authorize → command → present; every call
 * names an organisation the caller administers (404 otherwise, as for organisations).
 */
import {
  LTI_DEEP_LINKING_PATHS,
  LTI_PATHS,
  type LtiPlatform,
  type LtiPlatformCreate,
  type LtiPlatformList,
  type LtiPlatformPatch,
  type LtiToolConfiguration,
} from '@larmor/contracts';
import { isUniqueViolation } from '../../db/database.ts';
import { isoNow } from '../../db/ids.ts';
import { conflict } from '../../plugins/errors.ts';
import { requireAdministered, type AdminScope } from '../organisations/access.ts';
import * as connections from '../organisations/connections.ts';
import { ensureSigningKey, publishedKeys, rotateSigningKey } from './keys.ts';
import * as repo from './repository.ts';
import type { Db, PlatformRow } from './repository.ts';

const PLATFORM_TAKEN = 'A platform with this issuer and client id is already registered';

function present(row: PlatformRow): LtiPlatform {
  return {
    ...connections.present(row),
    deploymentIds: repo.deploymentsOf(row),
    jwksUrl: row.jwks_url,
    authUrl: row.auth_url,
    tokenUrl: row.token_url,
    frameOrigins: JSON.parse(row.frame_origins) as string[],
  };
}

function visiblePlatform(db: Db, scope: AdminScope, clientId: string, id: string): Promise<PlatformRow> {
  return connections.visible(db, scope, clientId, () => repo.findPlatform(db, id), 'Platform');
}

async function uniquely(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PLATFORM_TAKEN);
    throw error;
  }
}

/** The columns a create or patch body writes. */
function columnsOf(body: LtiPlatformPatch): Partial<PlatformRow> {
  return {
    ...connections.patchColumns(body),
    ...(body.deploymentIds !== undefined && { deployment_ids: JSON.stringify(body.deploymentIds) }),
    ...(body.jwksUrl !== undefined && { jwks_url: body.jwksUrl }),
    ...(body.authUrl !== undefined && { auth_url: body.authUrl }),
    ...(body.tokenUrl !== undefined && { token_url: body.tokenUrl }),
    ...(body.frameOrigins !== undefined && {
      frame_origins: JSON.stringify(body.frameOrigins.map((origin) => new URL(origin).origin)),
    }),
  };
}

export async function listPlatforms(db: Db, scope: AdminScope, clientId: string): Promise<LtiPlatformList> {
  await requireAdministered(db, scope, clientId);
  return { items: (await repo.platformsOf(db, clientId)).map(present) };
}

export async function getPlatform(
  db: Db,
  scope: AdminScope,
  clientId: string,
  id: string,
): Promise<LtiPlatform> {
  return present(await visiblePlatform(db, scope, clientId, id));
}

export async function createPlatform(
  db: Db,
  scope: AdminScope,
  clientId: string,
  body: LtiPlatformCreate,
): Promise<LtiPlatform> {
  await requireAdministered(db, scope, clientId);
  const row: PlatformRow = {
    ...connections.newColumns(clientId, body),
    deployment_ids: JSON.stringify(body.deploymentIds),
    jwks_url: body.jwksUrl,
    auth_url: body.authUrl,
    token_url: body.tokenUrl,
    frame_origins: JSON.stringify((body.frameOrigins ?? []).map((origin) => new URL(origin).origin)),
  };
  await uniquely(() => repo.insertPlatform(db, row));
  await ensureSigningKey(db, clientId);
  return present(row);
}

export async function updatePlatform(
  db: Db,
  scope: AdminScope,
  clientId: string,
  id: string,
  body: LtiPlatformPatch,
): Promise<LtiPlatform> {
  await visiblePlatform(db, scope, clientId, id);
  await uniquely(() => repo.updatePlatform(db, id, { ...columnsOf(body), updated_at: isoNow() }));
  return getPlatform(db, scope, clientId, id);
}

export async function deletePlatform(db: Db, scope: AdminScope, clientId: string, id: string): Promise<void> {
  await visiblePlatform(db, scope, clientId, id);
  await repo.deletePlatform(db, id);
}

/** Larmor's end points and keys for this organisation, as the platform's registration form asks for them. */
export function toolConfiguration(
  db: Db,
  scope: AdminScope,
  clientId: string,
  publicUrl: string,
): Promise<LtiToolConfiguration> {
  return administeredConfiguration(db, scope, clientId, publicUrl, ensureSigningKey);
}

/**
 * The tool configuration of an organisation `scope` administers, after `keys` (making its signing key when it
 * has none, or rotating it) has run.
 */
async function administeredConfiguration(
  db: Db,
  scope: AdminScope,
  clientId: string,
  publicUrl: string,
  keys: (db: Db, clientId: string) => Promise<unknown>,
): Promise<LtiToolConfiguration> {
  await requireAdministered(db, scope, clientId);
  await keys(db, clientId);
  return configurationOf(db, clientId, publicUrl);
}

async function configurationOf(db: Db, clientId: string, publicUrl: string): Promise<LtiToolConfiguration> {
  const api = (path: string): string => `${publicUrl}/api/${path}`;
  return {
    loginUrl: api(LTI_PATHS.login),
    redirectUrl: api(LTI_PATHS.launch),
    targetLinkUrl: api(LTI_PATHS.launch),
    deepLinkingUrl: api(LTI_DEEP_LINKING_PATHS.deepLinking),
    jwksUrl: api(LTI_PATHS.jwks.replace('{id}', clientId)),
    keys: await publishedKeys(db, clientId),
  };
}

export function rotateKeys(
  db: Db,
  scope: AdminScope,
  clientId: string,
  publicUrl: string,
): Promise<LtiToolConfiguration> {
  return administeredConfiguration(db, scope, clientId, publicUrl, rotateSigningKey);
}
