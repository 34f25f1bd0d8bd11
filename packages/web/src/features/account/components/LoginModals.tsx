/**
 * The login modals (platform-shell.md §2, new UI only, shown once): the 'Welcome back' workspace picker and
 * the 1200 px free-plan dialog listing the free version limits and the upgrade e-mail.
 */
import { Anchor, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Identity } from '@larmor/contracts/identities';
import { FREE_PLAN_MODAL_WIDTH_PX } from '@larmor/contracts/constants';
import { config } from '#lib/config.ts';
import type { Role } from '#lib/roles.ts';
import { Dialog } from '#ui/Dialog.tsx';
import { useSwitchIdentity } from '#entities/account/api/switch-identity.ts';
import { identityLabel, planLabel, visibleIdentities } from './account-rules.ts';
import { FreePlanLimits } from './FreePlanLimits.tsx';

const WORKSPACE_PICKER_WIDTH_PX = 500;

export function WorkspacePickerDialog(props: {
  identities: readonly Identity[];
  role: Role | undefined;
  onClose: () => void;
}) {
  const switcher = useSwitchIdentity();
  return (
    <Dialog opened title="Welcome back" widthPx={WORKSPACE_PICKER_WIDTH_PX} onClose={props.onClose}>
      <Stack gap="xs">
        <Text>Choose the workspace to continue in.</Text>
        {visibleIdentities(props.identities, props.role).map((identity) => (
          <UnstyledButton
            key={identity.id}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            onClick={() => {
              // Choosing acknowledges the picker, so it stays away after the switch reloads the page.
              props.onClose();
              if (!identity.isActive) switcher.mutate(identity.id);
            }}
            aria-current={identity.isActive || undefined}
          >
            <Text fw={600}>{identityLabel(identity, props.role)}</Text>
            <Text size="sm" c="dimmed">
              {planLabel(identity, props.role) ??
                `${identity.clientUserCount} member${identity.clientUserCount === 1 ? '' : 's'}`}
              {identity.isActive ? ' · current' : ''}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Dialog>
  );
}

export function FreePlanDialog(props: { onClose: () => void }) {
  return (
    <Dialog
      opened
      title="You are using the free version"
      widthPx={FREE_PLAN_MODAL_WIDTH_PX}
      onClose={props.onClose}
    >
      <Stack gap="sm">
        <Text>The free version of Larmor includes:</Text>
        <FreePlanLimits />
        <Text>
          To upgrade, contact us at{' '}
          <Anchor href={`mailto:${config.upgradeEmail}`}>{config.upgradeEmail}</Anchor>.
        </Text>
        <Group justify="flex-end">
          <Button onClick={props.onClose}>Continue</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
