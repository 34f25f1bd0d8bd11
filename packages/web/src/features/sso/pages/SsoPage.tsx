/**
 * /admin/sso (issue 27.6): an organisation's single sign-on providers (OpenID Connect), which an administrator adds,
 * edits, enables and removes; the redirect URL to register at the provider, for copying. A platform administrator
 * picks the organisation first.
 */
import { Text } from '@mantine/core';
import type { SsoProvider } from '@larmor/contracts/sso';
import { CopyableUrl } from '#ui/CopyableUrl.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { RegistryList } from '#ui/RegistryList.tsx';
import { OrganisationScope } from '#entities/group/OrganisationScope.tsx';
import { ssoRedirectUrl, useDeleteSsoProvider, useSsoProviders } from '#entities/sso/api/sso.ts';
import { ProviderFormDialog } from '../components/ProviderFormDialog.tsx';

function Providers(props: { clientId: string }) {
  const providers = useSsoProviders(props.clientId);
  const remove = useDeleteSsoProvider(props.clientId);
  const redirectUrl = providers.data?.items[0]?.redirectUrl ?? ssoRedirectUrl();
  return (
    <RegistryList<SsoProvider>
      title="Sign-in providers"
      addLabel="Add provider"
      noun="Provider"
      intro={
        <>
          <Text size="sm">
            Register Larmor at the organisation's OpenID Connect provider (Microsoft Entra ID, Google
            Workspace, …) as a web application with this redirect URL, then add the provider here with the
            client ID and secret it gives. Users are matched by the provider's user id, never by e-mail
            address.
          </Text>
          <CopyableUrl label="Redirect URL" url={redirectUrl} testId="sso-redirect-url" />
        </>
      }
      list={providers}
      columns={[
        { key: 'name', header: 'Button text', render: (p) => p.name },
        { key: 'issuer', header: 'Issuer', render: (p) => p.issuer },
        { key: 'clientId', header: 'Client ID', render: (p) => p.clientId },
        { key: 'secret', header: 'Client secret', render: () => 'Set' },
        { key: 'domain', header: 'E-mail domain', render: (p) => p.emailDomain ?? 'Any' },
        { key: 'role', header: 'New users', render: (p) => p.defaultRole },
        { key: 'enabled', header: 'Sign-in page', render: (p) => (p.enabled ? 'Offered' : 'Off') },
      ]}
      form={(provider, onClose) => (
        <ProviderFormDialog opened clientId={props.clientId} provider={provider} onClose={onClose} />
      )}
      removeConsequence="Its users keep their accounts but can no longer sign in with it."
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}

export function SsoPage() {
  return (
    <PageFrame title="Single sign-on">
      <OrganisationScope>{(clientId) => <Providers clientId={clientId} />}</OrganisationScope>
    </PageFrame>
  );
}
