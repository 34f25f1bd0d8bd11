/**
 * Main layout of signed-in pages (platform-shell.md §2): header with top navigation and the user menu, the
 * page, and the account dialogs (forced terms, first-login password change, login modal) and maintenance check.
 */
import { Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { AccountDialogs } from '../../features/account/components/AccountDialogs.tsx';
import { UserMenu } from '../../features/account/components/UserMenu.tsx';
import { MaintenanceWatcher } from '../../features/maintenance/components/MaintenanceWatcher.tsx';
import { primaryRole } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.ts';
import { useNewPlatformUi } from '../../lib/ui-flag.ts';
import { CrashBoundary } from '../../ui/CrashScreen.tsx';
import { TopNavigation } from './TopNavigation.tsx';

export function MainLayout(props: { background?: 'white' | 'gray' }) {
  const { scope } = useSession();
  const newUi = useNewPlatformUi();
  return (
    <div className={newUi ? 'shell shell--new' : 'shell'}>
      <header className="shell-header">
        <Group justify="space-between" wrap="nowrap" px="md" h={56}>
          <Group gap="lg" wrap="nowrap">
            <Text component={Link} to="/dashboard" fw={700} size="lg" c="inherit" td="none">
              Larmor
            </Text>
            <TopNavigation role={primaryRole(scope)} newUi={newUi} />
          </Group>
          <UserMenu newUi={newUi} />
        </Group>
      </header>
      <main className="shell-main" style={{ background: props.background === 'white' ? 'white' : undefined }}>
        <CrashBoundary>
          <Outlet />
        </CrashBoundary>
      </main>
      {/* The third-party chat widget's slot: nothing is loaded into it from the internet. */}
      <div data-slot="chat-widget" hidden />
      <AccountDialogs newUi={newUi} />
      <MaintenanceWatcher />
    </div>
  );
}

/** The main layout on a white background (the program enrollment page). */
export function WhiteMainLayout() {
  return <MainLayout background="white" />;
}
