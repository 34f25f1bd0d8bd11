/** Business constants of platform-shell.md §9 and the server's defaults, under the names a reader searches for. */

/** Client request timeout [ms]. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The client refreshes its tokens when the access token has less than this left [s]. */
export const REFRESH_WINDOW_S = 7_200;
/** Delay before the client goes to / after a 401 outside login [ms]. */
export const SESSION_EXPIRY_REDIRECT_DELAY_MS = 350;
/** Lifetime of an access token by default [s] (8 h, issue 2), so the refresh window means something. */
export const ACCESS_TOKEN_TTL_S = 8 * 3_600;
/** Lifetime of a refresh token [s] (30 days). */
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3_600;
/** Absolute lifetime of a sign-in session by default [s] (30 days from sign-in; refreshes do not extend it). */
export const SESSION_MAX_AGE_S = 30 * 24 * 3_600;
/** Lifetime of an account-activation link [s] (7 days). */
export const ACTIVATION_TOKEN_TTL_S = 7 * 24 * 3_600;
/** Lifetime of a password-reset link [s] (1 hour). */
export const PASSWORD_RESET_TOKEN_TTL_S = 3_600;

/** Query cache default lifetime [ms]. */
export const QUERY_CACHE_LIFETIME_MS = 5 * 60_000;
/** Query retries by default, with exponential backoff from QUERY_RETRY_BASE_MS capped at QUERY_RETRY_MAX_MS. */
export const QUERY_RETRY_COUNT = 3;
export const QUERY_RETRY_BASE_MS = 1_000;
export const QUERY_RETRY_MAX_MS = 30_000;
/** Countdown timer tick [ms]. */
export const COUNTDOWN_TICK_MS = 1_000;
/** The simulator saves a setting (parameters, geometry) this long after its last change [ms] (simulator.md §9). */
export const SETTINGS_DEBOUNCE_MS = 350;

/** User list paging defaults (platform-shell.md §7, §9). */
export const USER_LIST_DEFAULT_PAGE = 1;
export const USER_LIST_DEFAULT_PAGE_SIZE = 50;
/** The largest page a list call answers. */
export const USER_LIST_MAX_PAGE_SIZE = 500;
export const USER_LIST_DEFAULT_ORDER_BY = 'created_at';
export const USER_LIST_DEFAULT_ORDER_DIR = 'asc';

/** Toast delays [ms]. */
export const SHELL_TOAST_DELAY_MS = 3_000;
export const GENERIC_TOAST_DELAY_MS = 5_000;
export const MAINTENANCE_TOAST_DELAY_MS = 10_000;
export const COPY_TOAST_DELAY_MS = 1_000;

/** Maintenance thresholds of the recurring check (platform-shell.md §4) [min]. */
export const MAINTENANCE_IMMINENT_MIN = 5;
export const MAINTENANCE_SOON_MIN = 15;
export const MAINTENANCE_WITHIN_HOUR_MIN = 60;
export const MAINTENANCE_WITHIN_DAY_MIN = 24 * 60;
/** A maintenance start further in the past than this is over [min]. */
export const MAINTENANCE_PAST_GRACE_MIN = 15;
/** The maintenance toast tells users to check back this long after the start [min]. */
export const MAINTENANCE_CHECK_BACK_MIN = 30;

/** Modal transitions [ms] and widths [px]. */
export const MODAL_TRANSITION_MS = 300;
export const MODAL_BACKDROP_TRANSITION_MS = 150;
export const TERMS_MODAL_WIDTH_PX = 500;
export const FREE_PLAN_MODAL_WIDTH_PX = 1_200;

/** Accepted document types (platform-shell.md §3). */
export const ACCEPTED_DOCUMENT_EXTENSIONS = [
  'doc',
  'docx',
  'pdf',
  'ppt',
  'pptx',
  'csv',
  'xls',
  'xlsx',
] as const;

/** Default language and version of the client. */
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_VERSION = 'v1.0.0';

/** Largest JSON request body the API accepts [bytes] (1 MiB); larger bodies answer 413. */
export const JSON_BODY_LIMIT_BYTES = 1_048_576;

/** Field length limits shared by server validation and client forms [characters]. */
export const USERNAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const TOKEN_MAX_LENGTH = 2_048;
