/**
 * GET v2/assets/signed-cookie (platform-shell.md §7), sent with credentials: sets the cookie that lets the
 * browser load protected assets (simulator images) and says until when it is valid.
 */
import { ASSET_PATHS, type SignedCookieResponse, signedCookieResponseSchema } from '@larmor/contracts/health';
import { api } from '#lib/api.ts';

export function fetchSignedAssetCookie(): Promise<SignedCookieResponse> {
  return api.request(ASSET_PATHS.signedCookie, {
    schema: signedCookieResponseSchema,
    credentials: 'include',
  });
}
