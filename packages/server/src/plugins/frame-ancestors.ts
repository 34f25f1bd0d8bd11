/**
 * Who may show Larmor in a frame (issue 27.2: launches work inside the learning platform's iframe): the CSP
 * `frame-ancestors` sources, 'self' and each registered platform's issuer, authentication-URL and listed frame
 * origins. Read from the database at start, again after a platform is written here, and at most
 * FRAME_ANCESTORS_TTL_MS old (another server instance may have written one).
 */
import type { Db } from '../db/database.ts';

/** How old the sources may get before a request reads them again [ms]. */
const FRAME_ANCESTORS_TTL_MS = 60_000;

export interface FrameAncestors {
  /** The directive's sources, e.g. "'self' https://moodle.school.example". */
  current(): string;
  /** Reads the platforms again (after a write). */
  refresh(): Promise<void>;
}

/** The origins registered platforms are framed from, sorted, without duplicates. */
export async function platformFrameOrigins(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('lti_platforms').select(['issuer', 'auth_url', 'frame_origins']).execute();
  const origins = new Set<string>();
  for (const row of rows) {
    for (const url of [row.issuer, row.auth_url, ...(JSON.parse(row.frame_origins) as string[])]) {
      if (URL.canParse(url)) origins.add(new URL(url).origin);
    }
  }
  return [...origins].sort();
}

export function frameAncestors(db: Db, onError: (error: unknown) => void): FrameAncestors {
  let sources = "'self'";
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;
  const refresh = (): Promise<void> => {
    readAt = Date.now();
    reading ??= platformFrameOrigins(db)
      .then((origins) => {
        sources = ["'self'", ...origins].join(' ');
      }, onError)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  return {
    current() {
      if (Date.now() - readAt > FRAME_ANCESTORS_TTL_MS) void refresh();
      return sources;
    },
    refresh,
  };
}
