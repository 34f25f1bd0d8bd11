/** PUT me/terms with {accept: true} (platform-shell.md §7), then the profile is refreshed. */
import { useMutation } from '@tanstack/react-query';
import type { TermsRequest } from '@larmor/contracts/me';
import { ME_PATHS } from '@larmor/contracts/me';
import { api } from '#lib/api.ts';
import { fetchMe } from './get-me.ts';

export async function acceptTerms(): Promise<void> {
  const body: TermsRequest = { accept: true };
  await api.request(ME_PATHS.terms, { method: 'PUT', body });
  await fetchMe();
}

export function useAcceptTerms() {
  return useMutation({ mutationFn: acceptTerms });
}
