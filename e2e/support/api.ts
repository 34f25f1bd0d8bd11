/** Arranging a story through the real API: signing in, creating users as an admin, scheduling maintenance. */

export interface Credentials {
  username: string;
  password: string;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}/api/${path.replace(/^\//, '')}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** Who an API call is made as: a user who signs in, or one already signed in (an LTI learner has no password). */
export type Caller = Credentials | { accessToken: string };

export function login(baseUrl: string, who: Credentials): Promise<Tokens> {
  return call<Tokens>(baseUrl, 'POST', 'login', who);
}

let counter = 0;

/** A unique username for this run. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/**
 * Creates a user as the admin (POST /api/v1/users/), a member of `clientIds` when given. Users an admin creates
 * have not accepted the terms and must change their password at first login.
 */
export async function createUser(
  baseUrl: string,
  admin: Credentials,
  user: { username: string; password: string; role: 'Admin' | 'Teacher' | 'Student'; clientIds?: string[] },
): Promise<Credentials> {
  const { accessToken } = await login(baseUrl, admin);
  const memberships = user.clientIds?.map((clientId) => ({ clientId, role: user.role }));
  await call(
    baseUrl,
    'POST',
    'v1/users/',
    {
      username: user.username,
      email: `${user.username}@example.test`,
      firstName: 'Story',
      lastName: user.username,
      role: user.role,
      password: user.password,
      ...(memberships === undefined ? {} : { memberships }),
    },
    accessToken,
  );
  return { username: user.username, password: user.password };
}

/** Walks a new user through the first login by API: accepts the terms and sets a new password. */
export async function completeFirstLogin(
  baseUrl: string,
  who: Credentials,
  newPassword: string,
): Promise<Credentials> {
  const { accessToken } = await login(baseUrl, who);
  await call(baseUrl, 'PUT', 'me/terms', { accept: true }, accessToken);
  await call(baseUrl, 'POST', 'me/change-password', { oldPassword: who.password, newPassword }, accessToken);
  return { username: who.username, password: newPassword };
}

/** Schedules the next maintenance (PUT /api/v1/maintenance, admins), or clears it with null. */
export async function scheduleMaintenance(
  baseUrl: string,
  admin: Credentials,
  at: Date | null,
): Promise<void> {
  const { accessToken } = await login(baseUrl, admin);
  await call(
    baseUrl,
    'PUT',
    'v1/maintenance',
    { next_maintenance_at: at === null ? null : at.toISOString() },
    accessToken,
  );
}

/** Accepts the terms for `who` (PUT /api/me/terms). */
export async function acceptTerms(baseUrl: string, who: Credentials): Promise<void> {
  const { accessToken } = await login(baseUrl, who);
  await call(baseUrl, 'PUT', 'me/terms', { accept: true }, accessToken);
}

/** The path of the activation link in the newest activation mail to `email` (GET /api/v1/mail/outbox). */
export async function activationPath(baseUrl: string, admin: Credentials, email: string): Promise<string> {
  const { accessToken } = await login(baseUrl, admin);
  const outbox = await call<{ items: Array<{ kind: string; to: string; text: string }> }>(
    baseUrl,
    'GET',
    'v1/mail/outbox?per_page=100',
    undefined,
    accessToken,
  );
  const mail = outbox.items.find(
    (m) => m.kind === 'activation' && m.to.toLowerCase() === email.toLowerCase(),
  );
  const match = mail?.text.match(/\/activate-account\/[^\s"'<>]+/);
  if (match === null || match === undefined) throw new Error(`no activation mail to ${email}`);
  return match[0];
}

/** Creates an organisation as the platform admin (POST /api/v1/clients/) and answers its id. */
export async function createClient(baseUrl: string, admin: Credentials, name: string): Promise<string> {
  const { accessToken } = await login(baseUrl, admin);
  const client = await call<{ id: string }>(
    baseUrl,
    'POST',
    'v1/clients/',
    { name, licenseType: 'Paid' },
    accessToken,
  );
  return client.id;
}

/**
 * One API call as `who` (a JSON body in and out), after signing in; fails the story with the answer when it is not
 * 2xx. `apiPath` is under /api, or an absolute path when it starts with '/'.
 */
export async function callAs<T>(
  baseUrl: string,
  who: Caller,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<T> {
  const { accessToken } = 'accessToken' in who ? who : await login(baseUrl, who);
  const res = await fetch(apiPath.startsWith('/') ? `${baseUrl}${apiPath}` : `${baseUrl}/api/${apiPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath} answered ${res.status}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** `callAs` bound to one server, as the story files call it: `callAs(who, method, path, body?)`. */
export function apiCaller(baseUrl: string) {
  return <T>(who: Credentials, method: string, apiPath: string, body?: unknown): Promise<T> =>
    callAs<T>(baseUrl, who, method, apiPath, body);
}

/** The id of the anatomical model named exactly `name` in GET v1/module-options, as `who` sees them. */
export async function anatomicalModelId(baseUrl: string, who: Credentials, name: string): Promise<number> {
  const options = await callAs<{ anatomicalModels: { id: number; name: string }[] }>(
    baseUrl,
    who,
    'GET',
    'v1/module-options',
  );
  const model = options.anatomicalModels.find((m) => m.name === name);
  if (!model) throw new Error(`no ${name} model`);
  return model.id;
}
