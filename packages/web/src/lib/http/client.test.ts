import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error.ts';
import { createHttpClient, expireSession, resolveUrl, shouldRefresh, type HttpClient } from './index.ts';

const NOW = 1_900_000_000_000;

function jwt(exp: number): string {
  return `h.${btoa(JSON.stringify({ uid: 1, scope: 'Student', exp })).replace(/=+$/, '')}.s`;
}

interface Call {
  url: string;
  init: RequestInit;
}

/** A scripted server: answers each call with the next response, recording what was sent. */
function scripted(answers: Array<() => Response | Promise<Response>>): {
  fetch: typeof fetch;
  calls: Call[];
} {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = answers.shift();
    if (next === undefined) throw new Error('unexpected call');
    return next();
  }) as typeof fetch;
  return { fetch: fetchFn, calls };
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('resolveUrl', () => {
  it('joins the base URL and the call path, keeping trailing slashes and adding the query', () => {
    expect(resolveUrl('/api', 'me/', 'GET')).toBe('/api/me/');
    expect(resolveUrl('/api/', '/v2/users/register', 'POST')).toBe('/api/v2/users/register');
    expect(resolveUrl('/api', 'v1/users/', 'GET', { page: 2, name: undefined, per_page: 50 })).toBe(
      '/api/v1/users/?page=2&per_page=50',
    );
  });

  it('swaps the path for a static data file named after path and method in demo mode', () => {
    expect(resolveUrl('./demo', 'v2/me/identities', 'GET')).toBe('./demo/v2_me_identities.get.json');
  });
});

describe('shouldRefresh', () => {
  it('refreshes only when 0 < seconds left < 7200 and a refresh token exists', () => {
    const now = NOW / 1000;
    expect(shouldRefresh(jwt(now + 7199), 'r', NOW)).toBe(true);
    expect(shouldRefresh(jwt(now + 7200), 'r', NOW)).toBe(false);
    expect(shouldRefresh(jwt(now - 1), 'r', NOW)).toBe(false);
    expect(shouldRefresh(jwt(now + 60), null, NOW)).toBe(false);
    expect(shouldRefresh(null, 'r', NOW)).toBe(false);
  });
});

describe('createHttpClient', () => {
  it('sends JSON with the stored bearer token and validates the answer with the schema', async () => {
    localStorage.setItem('accessToken', jwt(NOW / 1000 + 10_000));
    const server = scripted([() => json(200, { ok: 1 })]);
    const client = createHttpClient({
      baseUrl: '/api',
      local: localStorage,
      fetch: server.fetch,
      now: () => NOW,
    });
    const schema = { parse: (d: unknown) => ({ parsed: d }) };
    await expect(client.request('login', { method: 'POST', body: { a: 1 }, schema })).resolves.toEqual({
      parsed: { ok: 1 },
    });
    const headers = server.calls[0]?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${localStorage.getItem('accessToken')}`);
    expect(headers['Content-Type']).toBe('application/json');
    expect(server.calls[0]?.init.body).toBe('{"a":1}');
  });

  it('refreshes a token inside the window once, stores the new pair, then makes the call with it', async () => {
    localStorage.setItem('accessToken', jwt(NOW / 1000 + 100));
    localStorage.setItem('refreshToken', 'old-refresh');
    const fresh = jwt(NOW / 1000 + 10_000);
    const server = scripted([
      () => json(200, { accessToken: fresh, refreshToken: 'new-refresh' }),
      () => json(200, {}),
      () => json(200, {}),
    ]);
    const client = createHttpClient({
      baseUrl: '/api',
      local: localStorage,
      fetch: server.fetch,
      now: () => NOW,
    });
    await Promise.all([client.request('me/'), client.request('v2/me/identities')]);
    expect(server.calls.map((c) => c.url)).toEqual([
      '/api/refresh-token',
      '/api/me/',
      '/api/v2/me/identities',
    ]);
    expect(server.calls[0]?.init.body).toBe('{"token":"old-refresh"}');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
    expect((server.calls[1]?.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
  });

  it('ends the session on a 401 outside login but not on a 401 from login', async () => {
    const onSessionExpired = vi.fn();
    const server = scripted([
      () => json(401, { error: { message: 'Invalid password', code: 400408 } }),
      () => json(401, { error: { message: 'Expired', code: 400410 } }),
    ]);
    const client = createHttpClient({
      baseUrl: '/api',
      local: localStorage,
      fetch: server.fetch,
      onSessionExpired,
    });
    await expect(client.request('login', { method: 'POST' })).rejects.toMatchObject({
      message: 'Invalid password',
      code: 400408,
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
    await expect(client.request('me/')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a 401 to a call sent before the user signed out (or in again) does not end the new session', async () => {
    const onSessionExpired = vi.fn();
    let answer: (response: Response) => void = () => undefined;
    const server = scripted([
      () => new Promise<Response>((resolve) => (answer = resolve)),
      () => new Promise<Response>((resolve) => (answer = resolve)),
    ]);
    const client = createHttpClient({
      baseUrl: '/api',
      local: localStorage,
      fetch: server.fetch,
      onSessionExpired,
    });
    localStorage.setItem('accessToken', 'before');
    const signedOut = client.request('me/');
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    localStorage.removeItem('accessToken');
    answer(json(401, { error: { message: 'Expired', code: 400410 } }));
    await expect(signedOut).rejects.toBeInstanceOf(ApiError);
    localStorage.setItem('accessToken', 'another');
    const signedInAgain = client.request('me/');
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    localStorage.setItem('accessToken', 'newest');
    answer(json(401, { error: { message: 'Expired', code: 400410 } }));
    await expect(signedInAgain).rejects.toBeInstanceOf(ApiError);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('clears local storage and goes to / 350 ms after a session expires', () => {
    vi.useFakeTimers();
    try {
      const goHome = vi.fn();
      localStorage.setItem('profile', '{}');
      expireSession(localStorage, goHome);
      expect(localStorage.length).toBe(0);
      vi.advanceTimersByTime(349);
      expect(goHome).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(goHome).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes network errors and cancellations through unchanged', async () => {
    const network = new TypeError('Failed to fetch');
    const server = scripted([
      () => {
        throw network;
      },
    ]);
    const client = createHttpClient({ baseUrl: '/api', local: localStorage, fetch: server.fetch });
    await expect(client.request('me/')).rejects.toBe(network);
  });

  it('aborts a call that exceeds the timeout', async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    const client = createHttpClient({ baseUrl: '/api', local: localStorage, fetch: hanging, timeoutMs: 20 });
    await expect(client.request('me/')).rejects.toMatchObject({ name: 'TimeoutError' });
  });
});

/**
 * A client whose access token is inside the refresh window: its first call is the refresh, answered with `fresh`;
 * the server then answers `after` in turn.
 */
function refreshingClient(after: Array<() => Response>) {
  localStorage.setItem('accessToken', jwt(NOW / 1000 + 100));
  localStorage.setItem('refreshToken', 'old-refresh');
  const fresh = jwt(NOW / 1000 + 10_000);
  const onSessionExpired = vi.fn();
  const server = scripted([() => json(200, { accessToken: fresh, refreshToken: 'new-refresh' }), ...after]);
  const client = createHttpClient({
    baseUrl: '/api',
    local: localStorage,
    fetch: server.fetch,
    now: () => NOW,
    onSessionExpired,
  });
  return { client, server, fresh, onSessionExpired };
}

/** Opens `path` as an event stream and waits until it ends, returning the states it went through. */
async function statesUntilEnded(client: HttpClient, path: string): Promise<string[]> {
  const states: string[] = [];
  await new Promise<void>((resolve) => {
    client.events(path, {
      onEvent: () => undefined,
      onState: (state) => {
        states.push(state);
        if (state === 'ended') resolve();
      },
    });
  });
  return states;
}

describe('bytes and event streams under the same policy', () => {
  it('refreshes a token inside the window before fetching bytes, and a 401 on bytes ends the session', async () => {
    const { client, server, fresh, onSessionExpired } = refreshingClient([
      () => new Response(new Float32Array([2.5]).buffer, { status: 200 }),
      () => json(401, { error: { message: 'Expired', code: 400410 } }),
    ]);
    await expect(client.float32('/api/v1/x/slices/0')).resolves.toEqual(new Float32Array([2.5]));
    expect(server.calls.map((c) => c.url)).toEqual(['/api/refresh-token', '/api/v1/x/slices/0']);
    expect((server.calls[1]?.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
    await expect(client.bytes('/api/v1/x/slices/1')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('opens a stream with the refreshed token; a 401 ends the session and the stream', async () => {
    const { client, server, fresh, onSessionExpired } = refreshingClient([
      () => json(401, { error: { message: 'Expired', code: 400410 } }),
    ]);
    const states = await statesUntilEnded(client, 'v1/sessions/s/events');
    expect(server.calls.map((c) => c.url)).toEqual(['/api/refresh-token', '/api/v1/sessions/s/events']);
    expect((server.calls[1]?.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['connecting', 'ended']);
  });

  it('gives up on a stream whose answer does not start within the timeout, then reconnects', async () => {
    localStorage.clear();
    const reasons: unknown[] = [];
    const answers: Array<(init?: RequestInit) => Promise<Response>> = [
      (init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reasons.push(init.signal?.reason);
            reject(init.signal?.reason);
          });
        }),
      async () => json(410, { error: { message: 'Gone', code: 410 } }),
    ];
    const client = createHttpClient({
      baseUrl: '/api',
      local: localStorage,
      fetch: ((_: RequestInfo | URL, init?: RequestInit) => {
        const next = answers.shift();
        if (next === undefined) throw new Error('unexpected call');
        return next(init);
      }) as typeof fetch,
      timeoutMs: 20,
      sleep: async () => undefined,
    });
    const states = await statesUntilEnded(client, 'v1/sessions/s/events');
    expect(reasons).toMatchObject([{ name: 'TimeoutError' }]);
    expect(states).toEqual(['connecting', 'retrying', 'connecting', 'ended']);
  });
});
