/** POST v1/sessions (simulator.md §7): opens a session for a module of a program; answers the active session. */
import { activeSessionSchema, SESSION_PATHS, type ActiveSession } from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function openSession(body: { labId: string; programId: string }): Promise<ActiveSession> {
  return api.request(SESSION_PATHS.sessions, { method: 'POST', body, schema: activeSessionSchema });
}
