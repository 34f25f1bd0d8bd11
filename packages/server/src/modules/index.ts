import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health/routes.ts';

/**
 * The API's domain modules, registered under /api in this order. Add a module by adding one line:
 * its routes plugin (modules/<domain>/routes.ts).
 */
export const modules: FastifyPluginAsync[] = [healthRoutes];
