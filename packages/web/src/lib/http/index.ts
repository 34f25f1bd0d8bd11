/** The web app's HTTP transport: JSON, bytes and event streams under one token-refresh and timeout policy. */
export {
  createHttpClient,
  LOGIN_PATH,
  REFRESH_PATH,
  type BytesOptions,
  type HttpClient,
  type HttpClientOptions,
  type Parser,
  type RequestOptions,
} from './client.ts';
export { type StreamEvent, type StreamHandlers, type StreamState } from './event-stream.ts';
export { float32FromLittleEndian } from './float32.ts';
export { expireSession, shouldRefresh } from './session-policy.ts';
export { resolveUrl, type HttpMethod, type Query } from './url.ts';
