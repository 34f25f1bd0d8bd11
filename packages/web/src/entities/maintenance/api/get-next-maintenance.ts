/**
 * POST maintenance (platform-shell.md §7): when the next maintenance starts. Shared by the recurring check
 * and the user dropdown, which both act on the window (lib/maintenance.ts).
 */
import {
  MAINTENANCE_PATHS,
  type MaintenanceResponse,
  maintenanceResponseSchema,
} from '@larmor/contracts/maintenance';
import { api } from '#lib/api.ts';

export function fetchNextMaintenance(): Promise<MaintenanceResponse> {
  return api.request(MAINTENANCE_PATHS.announcement, { method: 'POST', schema: maintenanceResponseSchema });
}
