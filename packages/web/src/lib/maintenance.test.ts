import { describe, expect, it } from 'vitest';
import {
  formatMaintenanceTime,
  maintenanceWindow,
  mustAnnounceMaintenance,
  mustRedirectToMaintenance,
} from './maintenance.ts';

const NOW = Date.UTC(2027, 2, 5, 12, 0, 0);
const MIN = 60_000;

describe('maintenanceWindow (platform-shell.md §4 thresholds)', () => {
  it.each([
    [24 * 60 * MIN, 'none'],
    [25 * 60 * MIN, 'none'],
    [-15 * MIN - 1, 'none'],
    [-15 * MIN, 'in-progress'],
    [0, 'in-progress'],
    [1, 'in-5'],
    [4 * MIN, 'in-5'],
    [5 * MIN, 'in-15'],
    [15 * MIN - 1, 'in-15'],
    [15 * MIN, 'within-hour'],
    [60 * MIN - 1, 'within-hour'],
    [60 * MIN, 'within-day'],
    [24 * 60 * MIN - 1, 'within-day'],
  ])('classifies a start %d ms away as %s', (offset, status) => {
    expect(maintenanceWindow(new Date(NOW + offset).toISOString(), NOW).status).toBe(status);
  });

  it('reports no maintenance when none is announced or the time is unreadable', () => {
    expect(maintenanceWindow(null, NOW).status).toBe('none');
    expect(maintenanceWindow(undefined, NOW).status).toBe('none');
    expect(maintenanceWindow('not a date', NOW).status).toBe('none');
  });

  it('redirects in progress or under 5 minutes and announces within 15 minutes or the hour', () => {
    expect(['in-progress', 'in-5'].every((s) => mustRedirectToMaintenance(s as never))).toBe(true);
    expect(mustRedirectToMaintenance('in-15')).toBe(false);
    expect(mustAnnounceMaintenance('in-15')).toBe(true);
    expect(mustAnnounceMaintenance('within-hour')).toBe(true);
    expect(mustAnnounceMaintenance('within-day')).toBe(false);
    expect(mustAnnounceMaintenance('in-5')).toBe(false);
  });
});

describe('formatMaintenanceTime', () => {
  it('writes local time as DD/MMM/YYYY HH:mm', () => {
    expect(formatMaintenanceTime(new Date(2027, 2, 5, 9, 7))).toBe('05/Mar/2027 09:07');
    expect(formatMaintenanceTime(new Date(2026, 10, 21, 23, 45))).toBe('21/Nov/2026 23:45');
  });
});
