import { z } from 'zod';
import { emailSchema, opaqueTokenSchema, passwordSchema, textSchema } from './common.ts';
import { USERNAME_MAX_LENGTH } from './constants.ts';

/** The sign-in and account calls (platform-shell.md §7), under /api, with `{name}` path parameters. */
export const AUTH_PATHS = {
  login: 'login',
  refreshToken: 'refresh-token',
  logout: 'logout',
  register: 'v2/users/register',
  activate: 'v2/users/activate/{token}',
  forgotPassword: 'forgot-password',
  forgotUsername: 'forgot-username',
  resetPassword: 'reset-password',
} as const;

/** POST login (platform-shell.md §7). */
export const loginRequestSchema = z.object({
  /** A username, or the account's e-mail address. */
  username: textSchema
    .trim()
    .min(1)
    .max(USERNAME_MAX_LENGTH * 4),
  password: passwordSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The answer of login, refresh-token and identity switch: a fresh pair of tokens. */
export const tokenPairSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST refresh-token with the refresh token. */
export const refreshTokenRequestSchema = z.object({ token: opaqueTokenSchema });
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequestSchema>;

/** POST logout: revokes the refresh token's family (and thus every token rotated from it). */
export const logoutRequestSchema = z.object({ token: opaqueTokenSchema });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** POST forgot-password and forgot-username: both answer the same whether the account exists or not. */
export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export const forgotUsernameRequestSchema = z.object({ email: emailSchema });
export type ForgotUsernameRequest = z.infer<typeof forgotUsernameRequestSchema>;

/** GET /v2/users/activate/{token}. */
export const activateParamsSchema = z.object({ token: opaqueTokenSchema });

/**
 * Claims of the access token (DESIGN.md §4): `uid`, `scope` (space-separated role names), `exp` [s since
 * the epoch], `identity` (the active identity's id, null for a user without any) and `sid` (the sign-in
 * session, one per refresh-token family: revoking it ends every access token of the session at once).
 */
export const accessTokenClaimsSchema = z.object({
  uid: z.string(),
  scope: z.string(),
  exp: z.number().int(),
  identity: z.string().nullable(),
  sid: z.string(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
