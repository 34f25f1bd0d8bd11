/**
 * The API client (platform-shell.md §7): every call goes to the configured base URL with a 30000 ms timeout,
 * JSON and the stored bearer token; the access token is refreshed first when 0 < seconds left < 7200 and a
 * refresh token exists; a 401 outside login ends the session; failures are normalised (api-error.ts).
 */
import {
  REFRESH_WINDOW_S,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRY_REDIRECT_DELAY_MS,
} from '@larmor/contracts/constants';
import { ApiError, normalizeHttpError } from './api-error.ts';
import { STORAGE_KEYS } from './storage.ts';
import { secondsLeft, tryDecodeToken } from './token.ts';

export const LOGIN_PATH = 'login';
export const REFRESH_PATH = 'refresh-token';

/** Anything with zod's `parse`: the call's schema from @larmor/contracts. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: HttpMethod;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (file uploads); sent as is. */
  formData?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** Validates the answer; without it the answer is returned as `unknown` cast to T. */
  schema?: Parser<T>;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
}

export interface ApiClientOptions {
  /** Base URL from config, e.g. '/api'. A base starting with './' is demo mode: static files, see resolveUrl. */
  baseUrl: string;
  local: Storage;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** Runs after a 401 outside login; the default clears local storage and goes to / after 350 ms. */
  onSessionExpired?: () => void;
  /** Runs after a refresh stored a new token pair. */
  onTokensRefreshed?: () => void;
}

function trimPath(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * The URL of a call. In demo mode (base starting with './') the path is swapped for a static data file named
 * after the path and method, e.g. ./demo/me.get.json.
 */
export function resolveUrl(
  baseUrl: string,
  path: string,
  method: HttpMethod,
  query?: RequestOptions<unknown>['query'],
): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (baseUrl.startsWith('./')) {
    const file = trimPath(path).replace(/\/+$/, '').replace(/\//g, '_') || 'index';
    return `${base}/${file}.${method.toLowerCase()}.json`;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return `${base}/${trimPath(path)}${search}`;
}

/** True when the access token should be refreshed before a call (0 < seconds left < 7200, refresh token held). */
export function shouldRefresh(
  accessToken: string | null,
  refreshToken: string | null,
  nowMs: number,
): boolean {
  if (accessToken === null || refreshToken === null || refreshToken === '') return false;
  const claims = tryDecodeToken(accessToken);
  const left = claims === undefined ? undefined : secondsLeft(claims, nowMs);
  return left !== undefined && left > 0 && left < REFRESH_WINDOW_S;
}

/** Default session-expiry handling: clear local storage, then after 350 ms go to / (a full page load). */
export function expireSession(local: Storage, goHome: () => void = () => window.location.assign('/')): void {
  local.clear();
  setTimeout(goHome, SESSION_EXPIRY_REDIRECT_DELAY_MS);
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

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const onSessionExpired = options.onSessionExpired ?? (() => expireSession(options.local));
  let refreshing: Promise<void> | undefined;

  async function send<T>(path: string, init: RequestOptions<T>): Promise<T> {
    const method = init.method ?? 'GET';
    const demo = options.baseUrl.startsWith('./');
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.local.getItem(STORAGE_KEYS.accessToken);
    if (token !== null && token !== '') headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (init.formData !== undefined) body = init.formData;
    else if (init.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal === undefined ? timeout : AbortSignal.any([init.signal, timeout]);
    const response = await doFetch(resolveUrl(options.baseUrl, path, method, init.query), {
      method: demo ? 'GET' : method,
      headers,
      body: demo ? undefined : body,
      signal,
      credentials: init.credentials ?? 'same-origin',
    });
    const data = await readBody(response);
    if (!response.ok) {
      const error = normalizeHttpError(response.status, data);
      if (response.status === 401 && trimPath(path) !== LOGIN_PATH) onSessionExpired();
      throw error;
    }
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

  return {
    async request<T>(path: string, init: RequestOptions<T> = {}): Promise<T> {
      const isRefresh = trimPath(path) === REFRESH_PATH;
      const access = options.local.getItem(STORAGE_KEYS.accessToken);
      const refreshToken = options.local.getItem(STORAGE_KEYS.refreshToken);
      if (!isRefresh && shouldRefresh(access, refreshToken, now())) {
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
      return send(path, init);
    },
  };
}
