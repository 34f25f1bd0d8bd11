/**
 * Learning content (issue 10), one module of the API (issue 25.2): programs, their courses and the courses'
 * modules (labs), registered in that order. They share access rules (programs/access.ts), repositories,
 * presenters and the options of their calls (calls.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { coursesRoutes } from './courses/routes.ts';
import { labsRoutes } from './labs/routes.ts';
import { programsRoutes } from './programs/routes.ts';

export const contentRoutes: FastifyPluginAsync = async (app) => {
  await app.register(programsRoutes);
  await app.register(coursesRoutes);
  await app.register(labsRoutes);
};
