/**
 * The signed asset cookie (GET v2/assets/signed-cookie) that lets the browser load a program's uploaded images
 * inside Markdown; fetched once and again shortly before it expires.
 */
import { useQuery, type Query } from '@tanstack/react-query';
import type { SignedCookieResponse } from '@larmor/contracts/health';
import { fetchSignedAssetCookie } from './get-signed-cookie.ts';

/** Renew this long before the cookie expires [ms]. */
const RENEW_BEFORE_EXPIRY_MS = 60_000;

/** How long the cookie stays good for [ms]; 0 when unknown. */
function freshFor(query: Query<SignedCookieResponse>): number {
  const expiresAt = Date.parse(query.state.data?.expiresAt ?? '');
  return Number.isNaN(expiresAt) ? 0 : Math.max(0, expiresAt - Date.now() - RENEW_BEFORE_EXPIRY_MS);
}

export function useAssetCookie() {
  return useQuery({
    queryKey: ['asset-cookie'],
    queryFn: fetchSignedAssetCookie,
    staleTime: freshFor,
    refetchInterval: (query) => freshFor(query) || false,
    refetchOnWindowFocus: false,
  });
}
