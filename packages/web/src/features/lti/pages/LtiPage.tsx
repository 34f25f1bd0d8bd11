/**
 * /admin/lti (issue 27.1): an organisation's LTI 1.3 set-up. The tool configuration to copy into the learning
 * platform (Larmor's JWKS URL and signing keys, with key rotation) and the registered platforms, which an
 * administrator registers, edits and removes. A platform administrator picks the organisation first.
 */
import { useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { LtiPlatform } from '@larmor/contracts/lti';
import { CopyableUrl } from '#ui/CopyableUrl.tsx';
import { ConfirmFoot, useConfirmAction } from '#ui/ConfirmFoot.tsx';
import { DataTable } from '#ui/DataTable.tsx';
import { Dialog } from '#ui/Dialog.tsx';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { RegistryList } from '#ui/RegistryList.tsx';
import { toast } from '#ui/toast.ts';
import { OrganisationScope } from '#entities/group/OrganisationScope.tsx';
import {
  useDeleteLtiPlatform,
  useLtiPlatforms,
  useLtiTool,
  useRotateLtiKeys,
} from '#entities/lti/api/lti.ts';
import { PlatformFormDialog } from '../components/PlatformFormDialog.tsx';

const CONFIRM_WIDTH_PX = 440;
const formatTime = (iso: string): string => new Date(iso).toLocaleString();

function ToolConfiguration(props: { clientId: string }) {
  const tool = useLtiTool(props.clientId);
  const rotate = useRotateLtiKeys(props.clientId);
  const [confirming, setConfirming] = useState(false);
  const confirmRotate = useConfirmAction(async () => {
    await rotate.mutateAsync();
    setConfirming(false);
    toast.success('Signing key rotated');
  });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Tool configuration
      </Title>
      {tool.isPending && <Loader size="sm" aria-label="Loading the tool configuration" />}
      <ErrorAlert error={tool.error} />
      {tool.data !== undefined && (
        <>
          <Text size="sm">Copy into the platform's registration of Larmor:</Text>
          {(
            [
              ['Login initiation URL', tool.data.loginUrl, 'lti-login-url'],
              ['Redirect URL', tool.data.redirectUrl, 'lti-redirect-url'],
              ['Public keyset URL', tool.data.jwksUrl, 'lti-jwks-url'],
              ['Deep-linking URL', tool.data.deepLinkingUrl, 'lti-deep-linking-url'],
            ] as const
          ).map(([label, url, testId]) => (
            <CopyableUrl key={testId} label={label} url={url} testId={testId} />
          ))}
          <Text size="sm">
            A link to a module targets <code>{tool.data.targetLinkUrl}?module=</code> followed by the module's
            id, or carries the custom parameter <code>module_id</code> (a program: <code>?program=</code>,{' '}
            <code>program_id</code>). With the deep-linking URL as the platform's content-selection URL,
            teachers pick modules and programs in Larmor instead.
          </Text>
          <DataTable
            columns={[
              { key: 'kid', header: 'Key ID', render: (k) => k.kid },
              { key: 'created', header: 'Created', render: (k) => formatTime(k.createdAt) },
              {
                key: 'state',
                header: 'State',
                render: (k) => (k.retiredAt === null ? 'Signing' : `Retired ${formatTime(k.retiredAt)}`),
              },
            ]}
            rows={tool.data.keys}
            rowKey={(k) => k.kid}
          />
          <Group>
            <Button variant="default" onClick={() => setConfirming(true)}>
              Rotate signing key
            </Button>
          </Group>
        </>
      )}
      <Dialog
        opened={confirming}
        title="Rotate signing key"
        widthPx={CONFIRM_WIDTH_PX}
        onClose={() => setConfirming(false)}
      >
        <Text mb="md">
          Larmor signs with a new key from now on; the old key stays in the keyset for 7 days so platforms
          that cached it keep working.
        </Text>
        <ConfirmFoot action={confirmRotate} onCancel={() => setConfirming(false)}>
          Rotate
        </ConfirmFoot>
      </Dialog>
    </Stack>
  );
}

function Platforms(props: { clientId: string }) {
  const platforms = useLtiPlatforms(props.clientId);
  const remove = useDeleteLtiPlatform(props.clientId);
  return (
    <RegistryList<LtiPlatform>
      title="Platforms"
      addLabel="Register platform"
      noun="Platform"
      list={platforms}
      columns={[
        { key: 'name', header: 'Platform', render: (p) => p.name },
        { key: 'issuer', header: 'Issuer', render: (p) => p.issuer },
        { key: 'clientId', header: 'Client ID', render: (p) => p.clientId },
        { key: 'deployments', header: 'Deployment IDs', render: (p) => p.deploymentIds.join(', ') },
      ]}
      form={(platform, onClose) => (
        <PlatformFormDialog opened clientId={props.clientId} platform={platform} onClose={onClose} />
      )}
      removeConsequence="Its launches stop working."
      remove={(id) => remove.mutateAsync(id)}
    />
  );
}

export function LtiPage() {
  return (
    <PageFrame title="LTI">
      <OrganisationScope>
        {(clientId) => (
          <Stack gap="xl">
            <ToolConfiguration clientId={clientId} />
            <Platforms clientId={clientId} />
          </Stack>
        )}
      </OrganisationScope>
    </PageFrame>
  );
}
