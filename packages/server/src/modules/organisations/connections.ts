/**
 * What the connections an organisation registers have in common: its LTI platforms (issue 27.1) and its OpenID
 * Connect providers (issue 27.6) each belong to one organisation, carry a display name, the issuer and the OAuth
 * client id Larmor has there, and are read and changed by the organisation's administrators only (404 otherwise,
 * as for organisations). Read as `import * as connections from '../organisations/connections.ts'`.
 */
import { isoNow, newId } from '../../db/ids.ts';
import { notFound } from '../../plugins/errors.ts';
import { requireAdministered, type AdminScope } from './access.ts';
import type { Db } from './repository.ts';

/** The columns every connection's row has. */
export interface ConnectionColumns {
  id: string;
  client_id: string;
  name: string;
  issuer: string;
  oauth_client_id: string;
  created_at: string;
  updated_at: string;
}

/** What every connection's create and patch bodies name (all of it on create). */
export interface ConnectionBody {
  name?: string;
  issuer?: string;
  clientId?: string;
}

/** The common part of every connection as the API answers it. */
export interface ConnectionAnswer {
  id: string;
  organisationId: string;
  name: string;
  issuer: string;
  clientId: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * The connection `id` of organisation `clientId`, found by `find`, once the caller is known to administer the
 * organisation; a connection of another organisation is not found (`noun`, 404) either.
 */
export async function visible<Row extends { client_id: string }>(
  db: Db,
  scope: AdminScope,
  clientId: string,
  find: () => Promise<Row | undefined>,
  noun: string,
): Promise<Row> {
  await requireAdministered(db, scope, clientId);
  const row = await find();
  if (!row || row.client_id !== clientId) throw notFound(noun);
  return row;
}

/** The common columns of a new connection of organisation `clientId`, made now. */
export function newColumns(clientId: string, body: Required<ConnectionBody>): ConnectionColumns {
  const now = isoNow();
  return {
    id: newId(),
    client_id: clientId,
    name: body.name,
    issuer: body.issuer,
    oauth_client_id: body.clientId,
    created_at: now,
    updated_at: now,
  };
}

/** The common columns a patch body changes. */
export function patchColumns(body: ConnectionBody): Partial<ConnectionColumns> {
  return {
    ...(body.name !== undefined && { name: body.name }),
    ...(body.issuer !== undefined && { issuer: body.issuer }),
    ...(body.clientId !== undefined && { oauth_client_id: body.clientId }),
  };
}

/** The common part of a connection's answer. */
export function present(row: ConnectionColumns): ConnectionAnswer {
  return {
    id: row.id,
    organisationId: row.client_id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.oauth_client_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
