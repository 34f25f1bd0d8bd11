import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The newest outbox message to `to`, or undefined. */
export async function lastMailTo(db: Kysely<Database>, to: string) {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to.toLowerCase())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** The token at the end of the first link to `route` (`/activate-account`, `/reset-password`) in `text`. */
export function linkToken(text: string, route: string): string {
  const match = new RegExp(`${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${route} link in mail:\n${text}`);
  return match[1];
}
