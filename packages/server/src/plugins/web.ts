/**
 * The built web app (packages/web/dist) at /, when it has been built: files as they are, and index.html for
 * any other GET outside /api so that client-side routes survive a reload. API paths keep the JSON 404.
 *
 * index.html carries the server's environment (LARMOR_ENV) in `<meta name="larmor-environment">`, so the app
 * shows what the API serves (e.g. analytics and achievements outside production) whatever mode it was built in.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import type { Environment } from '@larmor/contracts';
import { sendRouteNotFound } from './errors.ts';

/** The meta tag the web app reads its environment from (packages/web/src/lib/config.ts). */
export const ENVIRONMENT_META = 'larmor-environment';

/** index.html with the environment's meta tag in its head. */
export function withEnvironment(html: string, environment: Environment): string {
  const meta = `<meta name="${ENVIRONMENT_META}" content="${environment}">`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
}

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  environment: Environment,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const index = fs.existsSync(indexFile)
    ? withEnvironment(fs.readFileSync(indexFile, 'utf8'), environment)
    : null;
  if (index !== null) {
    // index.html is never served as a file: the not-found handler answers it with the environment.
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (index !== null && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
    }
    return sendRouteNotFound(request, reply);
  });
}
