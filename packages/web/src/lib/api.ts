/** The app's one API client, on the configured base URL and the browser's local storage. */
import { createApiClient } from './api-client.ts';
import { config } from './config.ts';
import { session } from './session.ts';

export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  local: window.localStorage,
  onTokensRefreshed: () => session.reload(),
});
