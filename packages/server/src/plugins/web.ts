/**
 * The built web app (packages/web/dist) at /, when it has been built: files as they are, and index.html for
 * any other GET outside /api so that client-side routes survive a reload. API paths keep the JSON 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX } from '@larmor/contracts';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from './errors.ts';

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) await app.register(fastifyStatic, { root: distDir, prefix: '/', wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    if (hasWebApp && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });
}
