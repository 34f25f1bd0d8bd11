/**
 * POST maintenance (platform-shell.md §7): when the next maintenance starts. Shared by the recurring check
 * and the user dropdown, which both act on the window (lib/maintenance.ts).
 */
import { maintenanceResponseSchema, type MaintenanceResponse } from '@larmor/contracts/maintenance';
import { api } from './api.ts';

export const MAINTENANCE_PATH = 'maintenance';

export function fetchNextMaintenance(): Promise<MaintenanceResponse> {
  return api.request(MAINTENANCE_PATH, { method: 'POST', schema: maintenanceResponseSchema });
}
