/**
 * The recurring maintenance check (platform-shell.md §4): in progress or under 5 minutes away sends the user
 * to /maintenance; within 15 minutes or the hour stores the time and shows the announcement toast for 10 s.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MAINTENANCE_CHECK_BACK_MIN, MAINTENANCE_TOAST_DELAY_MS } from '@larmor/contracts/constants';
import {
  formatMaintenanceTime,
  maintenanceWindow,
  mustAnnounceMaintenance,
  mustRedirectToMaintenance,
} from '#lib/maintenance.ts';
import { fetchNextMaintenance } from '#entities/maintenance/api/get-next-maintenance.ts';
import { STORAGE_KEYS, localStore } from '#lib/storage.ts';
import { toast } from '#ui/toast.ts';

/** How often the check runs [ms]. */
export const MAINTENANCE_CHECK_INTERVAL_MS = 60_000;
const TOAST_ID = 'maintenance-announcement';

/** The announcement text for a start at `startsAt` (local time). */
export function maintenanceAnnouncement(startsAt: Date): string {
  return (
    `Scheduled maintenance starts at ${formatMaintenanceTime(startsAt)}. You will be logged out once it starts; ` +
    `please check back ${MAINTENANCE_CHECK_BACK_MIN} minutes after the start.`
  );
}

export function MaintenanceWatcher() {
  const navigate = useNavigate();
  useEffect(() => {
    let cancelled = false;
    let announcedFor: string | null = null;
    const check = async (): Promise<void> => {
      let next: string | null;
      try {
        next = (await fetchNextMaintenance()).next_maintenance_at;
      } catch {
        return; // The check retries on the next tick; a failed check never blocks the page.
      }
      if (cancelled) return;
      const window = maintenanceWindow(next, Date.now());
      if (mustRedirectToMaintenance(window.status)) {
        void navigate('/maintenance', { replace: true });
      } else if (mustAnnounceMaintenance(window.status) && next !== null && window.startsAt !== undefined) {
        localStore.setItem(STORAGE_KEYS.nextMaintenanceAt, next);
        if (announcedFor !== next) {
          announcedFor = next;
          toast.info(maintenanceAnnouncement(window.startsAt), {
            id: TOAST_ID,
            title: 'Maintenance',
            autoClose: MAINTENANCE_TOAST_DELAY_MS,
          });
        }
      }
    };
    void check();
    const timer = setInterval(() => void check(), MAINTENANCE_CHECK_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [navigate]);
  return null;
}
