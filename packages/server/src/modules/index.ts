import type { FastifyPluginAsync } from 'fastify';
import { assetsRoutes } from './assets/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { identitiesRoutes } from './identities/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { maintenanceRoutes } from './maintenance/routes.ts';
import { meRoutes } from './me/routes.ts';
import { organisationsRoutes } from './organisations/routes.ts';
import { usersRoutes } from './users/routes.ts';

/**
 * The API's domain modules, registered under /api in this order. Add a module by adding one line:
 * its routes plugin (modules/<domain>/routes.ts).
 */
export const modules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  meRoutes,
  identitiesRoutes,
  maintenanceRoutes,
  mailRoutes,
  assetsRoutes,
  usersRoutes,
  organisationsRoutes,
];
