/**
 * `buildApp(options)`: the Fastify app from plugins (config, database, validation, errors, security, auth,
 * docs, the simulator runtime, static web app) and then the domain modules under /api (DESIGN.md §1).
 */
import cookie from '@fastify/cookie';
import { API_PREFIX, JSON_BODY_LIMIT_BYTES } from '@larmor/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { ServerConfig, TrustProxy } from './config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { createMailDelivery, type MailDelivery } from './mail/outbox.ts';
import { modules } from './modules/index.ts';
import { createScoreDelivery, type ScoreDelivery } from './modules/lti/ags-delivery.ts';
import { registerAuth } from './plugins/auth.ts';
import { createDeferredWork, type DeferredWork } from './plugins/deferred.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurity, serializeRequest } from './plugins/security.ts';
import { simulatorPlugin } from './plugins/simulator.ts';
import { registerWebApp } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    db: Kysely<Database>;
    dbKind: DatabaseKind;
    /** Outbox delivery: call `deliverPending()` after committing a change that wrote mail. */
    mail: MailDelivery;
    /** Work started by a call that does not wait for it (see plugins/deferred.ts). */
    deferred: DeferredWork;
    /** LTI grade return: call `deliverDue()` after committing a release that held scores (issue 27.4). */
    ltiScores: ScoreDelivery;
  }
}

export interface BuildAppOptions {
  config: ServerConfig;
  /** An open database; the app then leaves closing it to the caller. Default: open the one `config` names. */
  database?: DatabaseHandle;
  /** Fastify's logger option; default: log at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Fastify's logger option: the one given (default: at `level`), always with the request serializer that
 * redacts link tokens from logged URLs.
 */
function loggerOptions(given: FastifyServerOptions['logger'], level: string): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base = typeof given === 'object' ? given : { level };
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } };
}

/** TRUST_PROXY as Fastify takes it: a number of hops becomes the function trusting the nearest `hops`. */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Builds the app, ready to `inject` or `listen`. Closing the app closes the database it opened. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(options.logger, config.logLevel),
    // Behind a reverse proxy, request.ip (and so every rate-limit bucket) is the client's (TRUST_PROXY).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Paths such as `me/` and `v1/users/` keep their trailing slash; `me` answers too.
    // Long path parameters (link tokens) reach validation and answer 400 rather than 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
  });
  const database =
    options.database ?? openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: config.sqlitePath });

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  const mail = createMailDelivery(database.db, config.smtpUrl, config.mailFrom, (error) =>
    app.log.error({ err: error }, 'mail delivery round failed'),
  );
  app.decorate('mail', mail);
  const deferred = createDeferredWork((error) => app.log.error({ err: error }, 'deferred work failed'));
  app.decorate('deferred', deferred);
  const ltiScores = createScoreDelivery(database.db, (error) =>
    app.log.error({ err: error }, 'LTI score delivery round failed'),
  );
  app.decorate('ltiScores', ltiScores);
  app.addHook('onClose', async () => {
    await deferred.settled();
    await mail.close();
    await ltiScores.close();
    if (!options.database) await database.close();
  });
  // The API speaks JSON (and multipart where a route registers it): a text/plain body answers 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerAuth(app);
  await registerSecurity(app);
  await app.register(cookie);
  await registerDocs(app);
  await app.register(simulatorPlugin);
  await app.register(
    async (api) => {
      for (const module of modules) await api.register(module);
    },
    { prefix: API_PREFIX },
  );
  await registerWebApp(app, config.webDistDir, config.environment ?? 'development');
  return app;
}
