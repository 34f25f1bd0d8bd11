/**
 * GET v1/anatomical-models/{userId}/single/{modelId} (simulator.md §7): a model of the catalogue with its
 * features, regions and coils. `userId` is the caller (another user's id answers 403); on the free plan only
 * the free models (Brain, Knee) answer.
 */
import { anatomicalModelParamsSchema, anatomicalModelSchema, SESSION_PATHS } from '@larmor/contracts';
import { modelInfo } from '@larmor/mri/anatomy';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import { forbidden, notFound, SESSION_CALL_ERRORS } from '../../plugins/errors.ts';
import { routePath } from '../../plugins/route-path.ts';
import { simulatorCall } from '../../plugins/simulator.ts';
import { anatomicalModelOf } from '../content/labs/model-catalogue.ts';
import { contentScopeOf, freeOnly } from '../content/programs/access.ts';

export const anatomyRoutes: FastifyPluginAsync = async (root) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    routePath(SESSION_PATHS.anatomicalModel),
    simulatorCall('An anatomical model: features, regions and coils', {
      params: anatomicalModelParamsSchema,
      response: { 200: anatomicalModelSchema, ...SESSION_CALL_ERRORS },
    }),
    async (request) => {
      const caller = callerOf(request);
      if (request.params.userId !== caller.userId) throw forbidden('Models are read for oneself');
      const model = anatomicalModelOf(request.params.modelId);
      if (!model) throw notFound('Anatomical model');
      if (!model.free && freeOnly(await contentScopeOf(root.db, caller))) {
        throw forbidden('This model is not part of the free plan');
      }
      return {
        id: model.id,
        name: model.name,
        features: model.features,
        regions: (modelInfo(model.engineModelId)?.regions ?? []).map((r) => ({ id: r.id, name: r.name })),
        coils: model.coils.map((c) => ({ unique_name: c.uniqueName, shown_name: c.shownName })),
        engineModelId: model.engineModelId,
      };
    },
  );
};
