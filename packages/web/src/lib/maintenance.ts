/**
 * The maintenance window (platform-shell.md §4 "Maintenance check", §9 thresholds): how far away
 * next_maintenance_at is decides whether nothing happens, a toast is shown, or the user is sent to /maintenance.
 */

import {
  MAINTENANCE_IMMINENT_MIN,
  MAINTENANCE_PAST_GRACE_MIN,
  MAINTENANCE_SOON_MIN,
  MAINTENANCE_WITHIN_DAY_MIN,
  MAINTENANCE_WITHIN_HOUR_MIN,
} from '@larmor/contracts/constants';

const MINUTE_MS = 60_000;

export type MaintenanceStatus = 'none' | 'in-progress' | 'in-5' | 'in-15' | 'within-hour' | 'within-day';

export interface MaintenanceWindow {
  status: MaintenanceStatus;
  /** The announced start, when there is one in the window. */
  startsAt?: Date;
}

/** Classifies the time until `nextMaintenanceAt` (ISO string or epoch ms) as seen at `nowMs`. */
export function maintenanceWindow(
  nextMaintenanceAt: string | number | null | undefined,
  nowMs: number,
): MaintenanceWindow {
  if (nextMaintenanceAt === null || nextMaintenanceAt === undefined || nextMaintenanceAt === '') {
    return { status: 'none' };
  }
  const startsAt = new Date(nextMaintenanceAt);
  const untilMs = startsAt.getTime() - nowMs;
  if (Number.isNaN(untilMs)) return { status: 'none' };
  if (untilMs >= MAINTENANCE_WITHIN_DAY_MIN * MINUTE_MS || untilMs < -MAINTENANCE_PAST_GRACE_MIN * MINUTE_MS)
    return { status: 'none' };
  if (untilMs <= 0) return { status: 'in-progress', startsAt };
  if (untilMs < MAINTENANCE_IMMINENT_MIN * MINUTE_MS) return { status: 'in-5', startsAt };
  if (untilMs < MAINTENANCE_SOON_MIN * MINUTE_MS) return { status: 'in-15', startsAt };
  if (untilMs < MAINTENANCE_WITHIN_HOUR_MIN * MINUTE_MS) return { status: 'within-hour', startsAt };
  return { status: 'within-day', startsAt };
}

/** In progress or under 5 minutes away: the app redirects to /maintenance. */
export function mustRedirectToMaintenance(status: MaintenanceStatus): boolean {
  return status === 'in-progress' || status === 'in-5';
}

/** Within 15 minutes or within the hour: the time is stored and the announcement toast shown. */
export function mustAnnounceMaintenance(status: MaintenanceStatus): boolean {
  return status === 'in-15' || status === 'within-hour';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Local time as DD/MMM/YYYY HH:mm, e.g. 05/Mar/2027 09:30 (the maintenance toast's format). */
export function formatMaintenanceTime(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const month = MONTHS[date.getMonth()] ?? '';
  return `${pad(date.getDate())}/${month}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
