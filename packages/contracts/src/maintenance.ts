import { z } from 'zod';
import { timestampSchema } from './common.ts';

/** Maintenance calls, under /api: the announcement anyone reads (POST) and the schedule admins set (PUT). */
export const MAINTENANCE_PATHS = { announcement: 'maintenance', schedule: 'v1/maintenance' } as const;

/** POST maintenance answers when the next maintenance starts; null when none is scheduled. */
export const maintenanceResponseSchema = z.object({ next_maintenance_at: timestampSchema.nullable() });
export type MaintenanceResponse = z.infer<typeof maintenanceResponseSchema>;

/** PUT v1/maintenance (admins): schedules the next maintenance, or clears it with null. */
export const scheduleMaintenanceRequestSchema = z.object({ next_maintenance_at: timestampSchema.nullable() });
export type ScheduleMaintenanceRequest = z.infer<typeof scheduleMaintenanceRequestSchema>;
