/** POST v1/sessions/{sessionId}/configuration (simulator.md §7) with configurationId (a name) and value. */
import { apiPath } from '@larmor/contracts/programs';
import {
  SESSION_PATHS,
  type ConfigurationValue,
  type SessionConfigurationName,
} from '@larmor/contracts/sessions';
import { api } from '#lib/api.ts';

export function setConfiguration(
  sessionId: string,
  name: SessionConfigurationName,
  value: ConfigurationValue,
): Promise<unknown> {
  return api.request(apiPath(SESSION_PATHS.configuration, { sessionId }), {
    method: 'POST',
    body: { configurationId: name, value },
  });
}
