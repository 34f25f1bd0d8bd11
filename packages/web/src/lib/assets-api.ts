/**
 * GET v2/assets/signed-cookie (platform-shell.md §7), sent with credentials: sets the cookie that lets the
 * browser load protected assets (simulator images) and says until when it is valid.
 */
import { signedCookieResponseSchema, type SignedCookieResponse } from '@larmor/contracts/health';
import { api } from './api.ts';

export function fetchSignedAssetCookie(): Promise<SignedCookieResponse> {
  return api.request('v2/assets/signed-cookie', {
    schema: signedCookieResponseSchema,
    credentials: 'include',
  });
}
