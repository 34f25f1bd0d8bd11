/**
 * The app's one HTTP transport (platform-shell.md §7): JSON calls, bytes and event streams all go out with the
 * stored bearer token under one policy: the access token is refreshed first when 0 < seconds left < 7200 and a
 * refresh token exists (session-policy.ts); a call gives up after 30000 ms (a stream, if its answer has not
 * started by then); a 401 outside login ends the session; failures are normalised (api-error.ts).
 */
import { REQUEST_TIMEOUT_MS } from '@larmor/contracts/constants';
import { AUTH_PATHS } from '@larmor/contracts/auth';
import { ApiError, normalizeHttpError } from '../api-error.ts';
import { STORAGE_KEYS } from '../storage.ts';
import { openEventStream, type StreamHandlers } from './event-stream.ts';
import { float32FromLittleEndian } from './float32.ts';
import { expireSession, shouldRefresh } from './session-policy.ts';
import { resolveUrl, trimPath, type HttpMethod, type Query } from './url.ts';

/** The sign-in call, whose 401 is a wrong password rather than an ended session. */
export const LOGIN_PATH = AUTH_PATHS.login;
export const REFRESH_PATH = AUTH_PATHS.refreshToken;

/** Anything with zod's `parse`: the call's schema from @larmor/contracts. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (file uploads); sent as is. */
  formData?: FormData;
  query?: Query;
  /** Validates the answer; without it the answer is returned as `unknown` cast to T. */
  schema?: Parser<T>;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
}

export interface BytesOptions {
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  /** Base URL from config, e.g. '/api'. A base starting with './' is demo mode: static files, see resolveUrl. */
  baseUrl: string;
  local: Pick<Storage, 'getItem' | 'setItem' | 'clear'>;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** Runs after a 401 outside login; the default clears local storage and goes to / after 350 ms. */
  onSessionExpired?: () => void;
  /** Runs after a refresh stored a new token pair. */
  onTokensRefreshed?: () => void;
  /** Waits `ms` between an event stream's reconnections (a fake timer in tests). */
  sleep?: (ms: number) => Promise<void>;
}

export interface HttpClient {
  /** A JSON call on an API path (resolved against the base URL). */
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /** The body of GET `url` (a URL the API answered, e.g. '/api/v1/…/slices/0') as bytes. */
  bytes(url: string, options?: BytesOptions): Promise<ArrayBuffer>;
  /** GET `url` (a URL the API answered) as little-endian Float32 values. */
  float32(url: string, options?: BytesOptions): Promise<Float32Array>;
  /** Opens the event stream at an API path, reconnecting until the returned function is called. */
  events(path: string, handlers: StreamHandlers): () => void;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A signal that fires after `ms` until `disarm` is called (a stream's or a download's timeout stops once its answer started). */
function armedTimeout(ms: number): { signal: AbortSignal; disarm: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    ms,
  );
  return { signal: controller.signal, disarm: () => clearTimeout(timer) };
}

function withTimeout(signal: AbortSignal | undefined, timeout: AbortSignal): AbortSignal {
  return signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const onSessionExpired = options.onSessionExpired ?? (() => expireSession(options.local));
  const demo = options.baseUrl.startsWith('./');
  let refreshing: Promise<void> | undefined;

  const currentToken = (): string | null => options.local.getItem(STORAGE_KEYS.accessToken);

  function bearer(token: string | null = currentToken()): Record<string, string> {
    return token !== null && token !== '' ? { Authorization: `Bearer ${token}` } : {};
  }

  /**
   * A 401 ends the session only if it is still the session the call was sent in: a call still on its way when the
   * user signed out (or in again) was refused for a token already gone, and must not end the new state of things
   * (a full page load to / while the sign-in page is shown, say).
   */
  function unauthorized(sentWith: string | null): void {
    if (currentToken() === sentWith) onSessionExpired();
  }

  /** A failed answer as an ApiError; a 401 outside login ends the session first (see `unauthorized`). */
  async function failure(response: Response, path: string, sentWith: string | null): Promise<ApiError> {
    const error = normalizeHttpError(response.status, await readBody(response));
    if (response.status === 401 && trimPath(path) !== LOGIN_PATH) unauthorized(sentWith);
    return error;
  }

  async function send<T>(path: string, init: RequestOptions<T>): Promise<T> {
    const method = init.method ?? 'GET';
    const sentWith = currentToken();
    const headers: Record<string, string> = { Accept: 'application/json', ...bearer(sentWith) };
    let body: BodyInit | undefined;
    if (init.formData !== undefined) body = init.formData;
    else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const response = await doFetch(resolveUrl(options.baseUrl, path, method, init.query), {
      method: demo ? 'GET' : method,
      headers,
      body: demo ? undefined : body,
      signal: withTimeout(init.signal, AbortSignal.timeout(timeoutMs)),
      credentials: init.credentials ?? 'same-origin',
    });
    if (!response.ok) throw await failure(response, path, sentWith);
    const data = await readBody(response);
    return init.schema === undefined ? (data as T) : init.schema.parse(data);
  }

  async function refresh(): Promise<void> {
    const token = options.local.getItem(STORAGE_KEYS.refreshToken);
    const answer = await send<{ accessToken?: unknown; refreshToken?: unknown }>(REFRESH_PATH, {
      method: 'POST',
      body: { token },
    });
    if (typeof answer.accessToken === 'string' && typeof answer.refreshToken === 'string') {
      options.local.setItem(STORAGE_KEYS.accessToken, answer.accessToken);
      options.local.setItem(STORAGE_KEYS.refreshToken, answer.refreshToken);
      options.onTokensRefreshed?.();
    }
  }

  /** Refreshes the access token first when it is inside the refresh window (one refresh for concurrent calls). */
  async function freshToken(): Promise<void> {
    const access = options.local.getItem(STORAGE_KEYS.accessToken);
    const refreshToken = options.local.getItem(STORAGE_KEYS.refreshToken);
    if (!shouldRefresh(access, refreshToken, now())) return;
    refreshing ??= refresh().finally(() => {
      refreshing = undefined;
    });
    try {
      await refreshing;
    } catch (error) {
      // A failed refresh leaves the current token in place; the call itself decides what happens next.
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** Bytes (a slice, an export): the timeout covers the wait for the answer, not a large body's download. */
  async function bytes(url: string, init: BytesOptions = {}): Promise<ArrayBuffer> {
    await freshToken();
    const timeout = armedTimeout(timeoutMs);
    const sentWith = currentToken();
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { Accept: 'application/octet-stream', ...bearer(sentWith) },
        signal: withTimeout(init.signal, timeout.signal),
      });
    } finally {
      timeout.disarm();
    }
    if (!response.ok) throw await failure(response, url, sentWith);
    return response.arrayBuffer();
  }

  /** A stream's connection: the timeout covers the wait for its answer, not the open-ended body. */
  const connect: typeof fetch = async (input, init) => {
    const timeout = armedTimeout(timeoutMs);
    const sentWith = currentToken();
    try {
      const response = await doFetch(input, {
        ...init,
        signal: withTimeout(init?.signal ?? undefined, timeout.signal),
      });
      if (response.status === 401) unauthorized(sentWith);
      return response;
    } finally {
      timeout.disarm();
    }
  };

  return {
    async request<T>(path: string, init: RequestOptions<T> = {}): Promise<T> {
      if (trimPath(path) !== REFRESH_PATH) await freshToken();
      return send(path, init);
    },
    bytes,
    async float32(url: string, init?: BytesOptions): Promise<Float32Array> {
      return float32FromLittleEndian(await bytes(url, init));
    },
    events(path: string, handlers: StreamHandlers): () => void {
      return openEventStream({
        ...handlers,
        url: resolveUrl(options.baseUrl, path, 'GET'),
        headers: async () => {
          await freshToken();
          return bearer();
        },
        fetch: connect,
        ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
      });
    },
  };
}
