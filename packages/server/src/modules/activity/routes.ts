/**
 * Attempt replay (issue 14): the recording of simulator-session activity and GET v1/attempts/{labAttemptId}/
 * timeline. The plugin's hooks belong to the API's context (not encapsulated), so it is registered before the
 * session modules in modules/index.ts; it reads the simulator runtime once the app is ready, to log sessions
 * closed by PUT close or by the reaper.
 */
import { ACTIVITY_PATHS, attemptTimelineSchema, labAttemptIdParamsSchema } from '@larmor/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { contentScopeOf } from '../content/programs/access.ts';
import { attemptCall } from '../scan-results/routes.ts';
import { addActivityHooks, recordSessionsClosed } from './recorder.ts';
import { attemptTimeline } from './service.ts';
import { routePath } from '../../plugins/route-path.ts';

const plugin: FastifyPluginAsync = async (root) => {
  addActivityHooks(root);
  root.addHook('onReady', async () => {
    root.simulator.onSessionsClosed(async (ids) => {
      await recordSessionsClosed(root.db, ids).catch((error: unknown) =>
        root.log.error({ err: error }, 'activity: could not log closed sessions'),
      );
    });
  });

  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    routePath(ACTIVITY_PATHS.timeline),
    attemptCall(authenticate, {
      summary:
        'Attempt replay: every parameter, planning and configuration change and every run of the attempt’s ' +
        'sessions, oldest first (the student, their organisation’s teachers and admins)',
      params: labAttemptIdParamsSchema,
      response: { 200: attemptTimelineSchema },
    }),
    async (request) =>
      attemptTimeline(root.db, await contentScopeOf(root.db, callerOf(request)), request.params.labAttemptId),
  );
};

/** Not encapsulated (fastify-plugin's skip-override): the hooks apply to the routes registered after it. */
export const activityRoutes: FastifyPluginAsync = Object.assign(plugin, {
  [Symbol.for('skip-override')]: true,
});
