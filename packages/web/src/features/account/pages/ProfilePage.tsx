/** /profile: View Profile (the stored profile) and Preferences (?tab=preferences: the new-platform-UI switch). */
import { useState } from 'react';
import { Badge, Group, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { config } from '#lib/config.ts';
import { useSession } from '#lib/session.ts';
import { setNewPlatformUi, useNewPlatformUi } from '#lib/ui-flag.ts';
import { ActionButton } from '#ui/ActionButton.tsx';
import { DetailsTable } from '#ui/DetailsTable.tsx';
import { EmptyState, PageFrame } from '#ui/PageFrame.tsx';
import { ChangePasswordDialog } from '../components/ChangePasswordDialog.tsx';
import { groupLabel } from '../components/account-rules.ts';

function ProfileDetails() {
  const { profile } = useSession();
  const [changing, setChanging] = useState(false);
  if (profile === null) return <EmptyState title="No profile loaded" />;
  const rows: Array<[string, string]> = [
    ['Name', profile.name],
    ['Username', profile.username],
    ['E-mail', profile.email],
    ['Organisations', profile.clients.map((c) => c.name).join(', ') || '—'],
    ['Groups', groupLabel(profile.groups) ?? '—'],
    ['Licence', profile.license ?? '—'],
  ];
  return (
    <Stack gap="md" align="flex-start">
      <DetailsTable rows={rows} labelWidth={180} maw={640} w="100%" />
      <ActionButton variant="default" onClick={() => setChanging(true)}>
        Change password
      </ActionButton>
      {changing && <ChangePasswordDialog opened onClose={() => setChanging(false)} />}
    </Stack>
  );
}

function Preferences() {
  const newUi = useNewPlatformUi();
  return (
    <Stack gap="md" maw={640}>
      <Switch
        label="New platform UI"
        description="Switches the navigation and the user menu to the new layout."
        checked={newUi}
        onChange={(event) => setNewPlatformUi(event.currentTarget.checked)}
      />
      <Group gap="xs">
        <Text size="sm">Language</Text>
        <Badge variant="light">{config.language}</Badge>
        <Text size="sm">Version</Text>
        <Badge variant="light">{config.version}</Badge>
      </Group>
    </Stack>
  );
}

export function ProfilePage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'preferences' ? 'preferences' : 'profile';
  return (
    <PageFrame title={tab === 'preferences' ? 'Preferences' : 'Profile'}>
      <Tabs
        value={tab}
        onChange={(value) => setSearch(value === 'preferences' ? { tab: 'preferences' } : {})}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="profile">View Profile</Tabs.Tab>
          <Tabs.Tab value="preferences">Preferences</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileDetails />
        </Tabs.Panel>
        <Tabs.Panel value="preferences">
          <Preferences />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
