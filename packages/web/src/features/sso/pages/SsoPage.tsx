/**
 * /admin/sso (issue 27.6): an organisation's single sign-on providers (OpenID Connect), which an administrator adds,
 * edits, enables and removes; the redirect URL to register at the provider, for copying. A platform administrator
 * picks the organisation first.
 */
import { useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { SsoProvider } from '@larmor/contracts/sso';
import { CopyableUrl } from '#ui/CopyableUrl.tsx';
import { ConfirmFoot, useConfirmAction } from '#ui/ConfirmFoot.tsx';
import { DataTable, type Column } from '#ui/DataTable.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { toast } from '#ui/toast.ts';
import { OrganisationScope } from '#entities/group/OrganisationScope.tsx';
import { ssoRedirectUrl, useDeleteSsoProvider, useSsoProviders } from '#entities/sso/api/sso.ts';
import { ProviderFormDialog } from '../components/ProviderFormDialog.tsx';

const CONFIRM_WIDTH_PX = 440;

function Providers(props: { clientId: string }) {
  const providers = useSsoProviders(props.clientId);
  const remove = useDeleteSsoProvider(props.clientId);
  const [dialog, setDialog] = useState<
    { kind: 'create' } | { kind: 'edit' | 'delete'; provider: SsoProvider } | null
  >(null);
  const confirmRemove = useConfirmAction(async () => {
    if (dialog?.kind !== 'delete') return;
    await remove.mutateAsync(dialog.provider.id);
    setDialog(null);
    toast.success('Provider removed');
  });
  const columns: Column<SsoProvider>[] = [
    { key: 'name', header: 'Button text', render: (p) => p.name },
    { key: 'issuer', header: 'Issuer', render: (p) => p.issuer },
    { key: 'clientId', header: 'Client ID', render: (p) => p.clientId },
    { key: 'secret', header: 'Client secret', render: () => 'Set' },
    { key: 'domain', header: 'E-mail domain', render: (p) => p.emailDomain ?? 'Any' },
    { key: 'role', header: 'New users', render: (p) => p.defaultRole },
    { key: 'enabled', header: 'Sign-in page', render: (p) => (p.enabled ? 'Offered' : 'Off') },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Edit ${p.name}`}
            onClick={() => setDialog({ kind: 'edit', provider: p })}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            aria-label={`Remove ${p.name}`}
            onClick={() => setDialog({ kind: 'delete', provider: p })}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];
  const redirectUrl = providers.data?.items[0]?.redirectUrl ?? ssoRedirectUrl();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Sign-in providers
        </Title>
        <Button onClick={() => setDialog({ kind: 'create' })}>Add provider</Button>
      </Group>
      <Text size="sm">
        Register Larmor at the organisation's OpenID Connect provider (Microsoft Entra ID, Google Workspace,
        …) as a web application with this redirect URL, then add the provider here with the client ID and
        secret it gives. Users are matched by the provider's user id, never by e-mail address.
      </Text>
      <CopyableUrl label="Redirect URL" url={redirectUrl} testId="sso-redirect-url" />
      {providers.isPending && <Loader size="sm" aria-label="Loading providers" />}
      <ErrorAlert error={providers.error} />
      {providers.data !== undefined && (
        <DataTable columns={columns} rows={providers.data.items} rowKey={(p) => p.id} />
      )}
      {dialog?.kind === 'create' && (
        <ProviderFormDialog opened clientId={props.clientId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && (
        <ProviderFormDialog
          opened
          clientId={props.clientId}
          provider={dialog.provider}
          onClose={() => setDialog(null)}
        />
      )}
      <Dialog
        opened={dialog?.kind === 'delete'}
        title="Remove provider"
        widthPx={CONFIRM_WIDTH_PX}
        onClose={() => setDialog(null)}
      >
        <Text mb="md">
          Remove {dialog?.kind === 'delete' ? dialog.provider.name : ''}? Its users keep their accounts but
          can no longer sign in with it.
        </Text>
        <ConfirmFoot
          action={confirmRemove}
          onCancel={() => setDialog(null)}
          button={{ color: 'red' }}
          cancelFirst
        >
          Remove
        </ConfirmFoot>
      </Dialog>
    </Stack>
  );
}

export function SsoPage() {
  return (
    <PageFrame title="Single sign-on">
      <OrganisationScope>{(clientId) => <Providers clientId={clientId} />}</OrganisationScope>
    </PageFrame>
  );
}
