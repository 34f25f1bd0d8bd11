import type { FastifyPluginAsync } from 'fastify';
import { assetsRoutes } from './assets/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { identitiesRoutes } from './identities/routes.ts';
import { mailRoutes } from './mail/routes.ts';
import { maintenanceRoutes } from './maintenance/routes.ts';
import { meRoutes } from './me/routes.ts';
import { organisationsRoutes } from './organisations/routes.ts';
import { ltiRoutes } from './lti/routes.ts';
import { ltiRosterRoutes } from './lti/nrps-routes.ts';
import { ssoRoutes } from './sso/routes.ts';
import { usersRoutes } from './users/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { enrollmentsRoutes } from './enrollments/routes.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { uploadsRoutes } from './uploads/routes.ts';
import { activityRoutes } from './activity/routes.ts';
import { sessionsRoutes } from './sessions/routes.ts';
import { sequencesRoutes } from './sequences/routes.ts';
import { scansRoutes } from './scans/routes.ts';
import { tissuesRoutes } from './tissues/routes.ts';
import { anatomyRoutes } from './anatomy/routes.ts';
import { scanResultsRoutes } from './scan-results/routes.ts';
import { attemptsRoutes } from './attempts/routes.ts';
import { studentsRoutes } from './students/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { errorReportsRoutes } from './error-reports/routes.ts';
import { competenciesRoutes } from './competencies/routes.ts';

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
  ltiRoutes,
  ltiRosterRoutes,
  ssoRoutes,
  contentRoutes,
  competenciesRoutes,
  enrollmentsRoutes,
  catalogRoutes,
  uploadsRoutes,
  // Before the session modules: its recording hooks must be in place when their routes are registered.
  activityRoutes,
  // The simulator's modules share the app's simulator runtime (plugins/simulator.ts).
  sessionsRoutes,
  sequencesRoutes,
  scansRoutes,
  tissuesRoutes,
  anatomyRoutes,
  scanResultsRoutes,
  attemptsRoutes,
  studentsRoutes,
  analyticsRoutes,
  errorReportsRoutes,
];
