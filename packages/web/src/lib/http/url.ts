/** Where a call goes: the configured base URL and the call's path (platform-shell.md §7), or demo mode's files. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Query = Record<string, string | number | boolean | undefined>;

/** The path without its leading slashes: 'login' and '/login' name the same call. */
export function trimPath(path: string): string {
  return path.replace(/^\/+/, '');
}

/**
 * The URL of a call. In demo mode (base starting with './') the path is swapped for a static data file named
 * after the path and method, e.g. ./demo/me.get.json.
 */
export function resolveUrl(baseUrl: string, path: string, method: HttpMethod, query?: Query): string {
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
