import { z } from 'zod';

/** The health check, under /api. */
export const HEALTH_PATHS = { health: 'health' } as const;

/** The asset cookie's call, under /api (its answer is `signedCookieResponseSchema` below). */
export const ASSET_PATHS = { signedCookie: 'v2/assets/signed-cookie' } as const;

/** GET /health: `status` ok, or `error` naming what failed (the client treats an error field as a failure). */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['sqlite', 'postgres']),
  error: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET v2/assets/signed-cookie: sets the asset cookie and says until when it is valid. */
export const signedCookieResponseSchema = z.object({ expiresAt: z.string() });
export type SignedCookieResponse = z.infer<typeof signedCookieResponseSchema>;
