import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isoNow } from '../../db/ids.ts';

/** Settings key of the next maintenance start (ISO 8601 UTC, or null). */
export const NEXT_MAINTENANCE_AT = 'next_maintenance_at';

export async function readSetting(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Writes a setting (insert or update, in both dialects). */
export async function writeSetting(db: Kysely<Database>, key: string, value: string | null): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: isoNow() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: isoNow() }))
    .execute();
}
