/**
 * POST maintenance answers the next maintenance start (platform-shell.md §7; public, the client checks it on
 * a recurring trigger); PUT v1/maintenance lets a platform administrator schedule or clear it.
 */
import {
  errorBodySchema,
  MAINTENANCE_PATHS,
  maintenanceResponseSchema,
  scheduleMaintenanceRequestSchema,
} from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, requireRole } from '../../plugins/auth.ts';
import { requirePlatformAdmin } from '../organisations/access.ts';
import { NEXT_MAINTENANCE_AT, readSetting, writeSetting } from './repository.ts';
import { routePath } from '../../plugins/route-path.ts';

const tags = ['maintenance'];

export const maintenanceRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    routePath(MAINTENANCE_PATHS.announcement),
    { schema: { tags, response: { 200: maintenanceResponseSchema } } },
    async () => ({
      next_maintenance_at: await readSetting(root.db, NEXT_MAINTENANCE_AT),
    }),
  );

  app.put(
    routePath(MAINTENANCE_PATHS.schedule),
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: scheduleMaintenanceRequestSchema,
        response: {
          200: maintenanceResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      await requirePlatformAdmin(root.db, callerOf(request));
      const at = request.body.next_maintenance_at;
      const normalised = at === null ? null : new Date(at).toISOString();
      await writeSetting(root.db, NEXT_MAINTENANCE_AT, normalised);
      return { next_maintenance_at: normalised };
    },
  );
};
