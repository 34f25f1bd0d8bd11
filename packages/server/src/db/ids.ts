/**
 * Row ids and stored timestamps: every table's id is a UUID and every time column an ISO 8601 UTC string.
 */
import crypto from 'node:crypto';

/** A new UUID for a row id. */
export function newId(): string {
  return crypto.randomUUID();
}

/** Now as an ISO 8601 UTC timestamp, `offsetS` seconds ahead. */
export function isoNow(offsetS = 0): string {
  return new Date(Date.now() + offsetS * 1000).toISOString();
}
