/**
 * A contracts path (`v1/sessions/{sessionId}`, relative to /api) as a Fastify route (`/v1/sessions/:sessionId`).
 */
export function routePath(path: string): string {
  return `/${path.replace(/\{(\w+)\}/g, ':$1')}`;
}
