/** POST v2/sessions/{sessionId}/pulse-sequences/collections (simulator.md §7): a new "Scan N". */
import { apiPath } from '@larmor/contracts/programs';
import { collectionSchema, SESSION_PATHS, type Collection } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function createCollection(sessionId: string, name?: string): Promise<Collection> {
  return api.request(apiPath(SESSION_PATHS.collections, { sessionId }), {
    method: 'POST',
    body: name === undefined ? {} : { name },
    schema: collectionSchema,
  });
}
