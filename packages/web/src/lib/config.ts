/**
 * Environment config (Vite's import.meta.env, set at build time). Everything has a default that works when the
 * Larmor server serves the built app and the API under /api on the same origin.
 */
const env = import.meta.env;

export type Environment = 'development' | 'production' | 'integration' | 'staging' | 'testing';
const ENVIRONMENTS: readonly Environment[] = [
  'development',
  'production',
  'integration',
  'staging',
  'testing',
];

/**
 * The environment the server runs in, from the meta tag it writes into index.html (packages/server
 * plugins/web.ts); else VITE_LARMOR_ENV at build time; else the build's mode.
 */
function readEnvironment(value: unknown): Environment {
  const served =
    typeof document === 'undefined'
      ? undefined
      : document.querySelector('meta[name="larmor-environment"]')?.getAttribute('content');
  return (
    ENVIRONMENTS.find((e) => e === served) ??
    ENVIRONMENTS.find((e) => e === value) ??
    (env.PROD ? 'production' : 'development')
  );
}

function readString(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' ? value : fallback;
}

export const config = {
  /** API base URL; './…' selects demo mode (static data files). */
  apiBaseUrl: readString(env.VITE_API_BASE_URL, '/api'),
  environment: readEnvironment(env.VITE_LARMOR_ENV),
  /** Default language from config, fallback en (platform-shell.md §9). */
  language: readString(env.VITE_LANGUAGE, 'en'),
  /** Default version v1.0.0 (platform-shell.md §9). */
  version: readString(env.VITE_VERSION, 'v1.0.0'),
  supportEmail: readString(env.VITE_SUPPORT_EMAIL, 'support@larmor.example'),
  upgradeEmail: readString(env.VITE_UPGRADE_EMAIL, 'sales@larmor.example'),
  /** The Help link of the top bar (opens in a new tab): our knowledge base unless configured otherwise. */
  helpUrl: readString(env.VITE_HELP_URL, '/knowledge-base'),
  /** The provider's legal page linked from the terms dialog. */
  legalUrl: readString(env.VITE_LEGAL_URL, '/legal'),
} as const;

export const isProduction = config.environment === 'production';
