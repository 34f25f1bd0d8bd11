import { z } from 'zod';

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
