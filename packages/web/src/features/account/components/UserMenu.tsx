/**
 * The user dropdown (platform-shell.md §2 "User menu"): name, group ('and N more'), identities ('Member of
 * {client}' for students; 'Free plan'/'Premium plan'), View Profile, Preferences, Achievements and Logout.
 * Opening it runs the maintenance check: maintenance in progress or under 5 minutes away logs out and goes
 * to /maintenance. Students get no identity switcher in the old dropdown.
 */
import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { isProduction } from '#lib/config.ts';
import { maintenanceWindow, mustRedirectToMaintenance } from '#lib/maintenance.ts';
import { fetchNextMaintenance } from '#entities/maintenance/api/get-next-maintenance.ts';
import { primaryRole } from '#lib/roles.ts';
import { useSession } from '#lib/session.ts';
import { DisabledMenuItem } from '#ui/DisabledMenuItem.tsx';
import { useIdentities } from '#entities/account/api/get-identities.ts';
import { logout } from '#entities/account/api/logout.ts';
import { useSwitchIdentity } from '#entities/account/api/switch-identity.ts';
import { groupLabel, identityLabel, planLabel, visibleIdentities } from './account-rules.ts';

export function UserMenu(props: { newUi: boolean }) {
  const { profile, scope } = useSession();
  const navigate = useNavigate();
  const role = primaryRole(scope);
  const identities = useIdentities(profile !== null);
  const switcher = useSwitchIdentity();
  const canSwitch = props.newUi || role !== 'Student';
  const group = groupLabel(profile?.groups ?? []);

  const signOut = async (to: string): Promise<void> => {
    await logout();
    void navigate(to, { replace: true });
  };
  const checkMaintenance = async (): Promise<void> => {
    try {
      const { next_maintenance_at } = await fetchNextMaintenance();
      if (mustRedirectToMaintenance(maintenanceWindow(next_maintenance_at, Date.now()).status)) {
        await signOut('/maintenance');
      }
    } catch {
      // The recurring check covers a failed call.
    }
  };

  return (
    <Menu position="bottom-end" width={280} onOpen={() => void checkMaintenance()} withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <VisuallyHidden>User menu: </VisuallyHidden>
          <Avatar radius="xl" size="sm" color="larmor" aria-hidden>
            {(profile?.name ?? '?').slice(0, 1).toUpperCase()}
          </Avatar>
          <Text size="sm" c="inherit">
            {profile?.name ?? ''}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fw={600}>{profile?.name}</Text>
          {group !== undefined && <Text size="xs">{group}</Text>}
        </Menu.Label>
        {(identities.data ?? []).length > 0 && <Menu.Divider />}
        {visibleIdentities(identities.data ?? [], role).map((identity) => {
          const plan = planLabel(identity, role);
          const label = (
            <>
              <Text size="sm" fw={identity.isActive ? 600 : 400}>
                {identityLabel(identity, role)}
              </Text>
              {plan !== undefined && (
                <Text size="xs" c="dimmed">
                  {plan}
                </Text>
              )}
            </>
          );
          return canSwitch && !identity.isActive ? (
            <Menu.Item
              key={identity.id}
              onClick={() => switcher.mutate(identity.id)}
              data-testid="identity-switch"
            >
              {label}
            </Menu.Item>
          ) : (
            // Inside role="menu" every entry is a menu item; one that cannot be chosen is a disabled one (which
            // stays focusable: first in the menu, a disabled button would keep the keyboard out of it).
            <DisabledMenuItem key={identity.id} aria-current={identity.isActive || undefined}>
              {label}
            </DisabledMenuItem>
          );
        })}
        <Menu.Divider />
        <Menu.Item onClick={() => void navigate('/profile')}>View Profile</Menu.Item>
        <Menu.Item onClick={() => void navigate('/profile?tab=preferences')}>Preferences</Menu.Item>
        {role === 'Student' && !isProduction && (
          <Menu.Item onClick={() => void navigate('/achievements')}>Achievements</Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={() => void signOut('/')}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
