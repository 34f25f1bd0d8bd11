import { describe, expect, it } from 'vitest';
import { maintenanceAnnouncement } from './MaintenanceWatcher.tsx';

describe('maintenanceAnnouncement', () => {
  it('gives the local start as DD/MMM/YYYY HH:mm, the logout warning and the 30-minute check-back', () => {
    const text = maintenanceAnnouncement(new Date(2027, 0, 9, 14, 5));
    expect(text).toContain('09/Jan/2027 14:05');
    expect(text).toContain('logged out once it starts');
    expect(text).toContain('30 minutes after the start');
  });
});
