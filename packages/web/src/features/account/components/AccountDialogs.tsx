/**
 * The dialogs a signed-in user may be forced through, in order (platform-shell.md §4): terms while terms_ack is
 * false; then the change-password dialog while first_login is true; then, once, the login modal (new UI).
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '#entities/account/api/get-me.ts';
import { STORAGE_KEYS, localStore } from '#lib/storage.ts';
import { primaryRole } from '#lib/roles.ts';
import { useSession } from '#lib/session.ts';
import { useIdentities } from '#entities/account/api/get-identities.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { loginModalKind } from './account-rules.ts';
import { FreePlanDialog, WorkspacePickerDialog } from './LoginModals.tsx';
import { TermsDialog } from './TermsDialog.tsx';

export function AccountDialogs(props: { newUi: boolean }) {
  const { profile, scope } = useSession();
  const role = primaryRole(scope);
  const mustAcceptTerms = profile !== null && !profile.terms_ack;
  const mustChangePassword = profile !== null && profile.terms_ack && profile.first_login;
  // A session restored from storage without a profile loads it first.
  useQuery({ ...meQueryOptions(), enabled: profile === null });
  const [acknowledged, setAcknowledged] = useState(
    () => localStore.getItem(STORAGE_KEYS.loginModalAcknowledged) === 'true',
  );
  const ready = profile !== null && !mustAcceptTerms && !mustChangePassword;
  const identities = useIdentities(ready && props.newUi && !acknowledged);
  const kind =
    ready && identities.data !== undefined
      ? loginModalKind({ newUi: props.newUi, acknowledged, role, identities: identities.data })
      : undefined;
  const acknowledge = (): void => {
    localStore.setItem(STORAGE_KEYS.loginModalAcknowledged, 'true');
    setAcknowledged(true);
  };
  return (
    <>
      <TermsDialog opened={mustAcceptTerms} />
      <ChangePasswordDialog opened={mustChangePassword} />
      {kind === 'free-plan' && <FreePlanDialog onClose={acknowledge} />}
      {kind === 'workspace-picker' && identities.data !== undefined && (
        <WorkspacePickerDialog identities={identities.data} role={role} onClose={acknowledge} />
      )}
    </>
  );
}
