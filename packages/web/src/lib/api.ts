/** The app's one HTTP client (lib/http), on the configured base URL and the browser's local storage. */
import { config } from './config.ts';
import { createHttpClient } from './http/index.ts';
import { session } from './session.ts';
import { localStore } from './storage.ts';

export const api = createHttpClient({
  baseUrl: config.apiBaseUrl,
  local: localStore,
  onTokensRefreshed: () => session.reload(),
});
