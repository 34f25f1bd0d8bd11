/** GET /health (platform-shell.md §7, §8): an answer carrying an error field counts as a failure. */
import { HEALTH_PATHS, type HealthResponse, healthResponseSchema } from '@larmor/contracts/health';
import { api } from '#lib/api.ts';

/** Throws when the health answer names an error (or its status is not ok). */
export function assertHealthy(answer: HealthResponse): HealthResponse {
  if (answer.error !== undefined || answer.status !== 'ok') {
    throw new Error(answer.error ?? `Service status ${answer.status}`);
  }
  return answer;
}

export async function fetchHealth(): Promise<HealthResponse> {
  return assertHealthy(await api.request(HEALTH_PATHS.health, { schema: healthResponseSchema }));
}
