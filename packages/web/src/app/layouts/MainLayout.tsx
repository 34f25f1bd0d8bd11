/**
 * Main layout of signed-in pages (platform-shell.md §2): header with top navigation and the user menu, the
 * page, and the account dialogs (forced terms, first-login password change, login modal) and maintenance check.
 */
import { Box, Burger, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { AccountDialogs } from '../../features/account/components/AccountDialogs.tsx';
import { UserMenu } from '../../features/account/components/UserMenu.tsx';
import { MaintenanceWatcher } from '../../features/maintenance/components/MaintenanceWatcher.tsx';
import { primaryRole } from '../../lib/roles.ts';
import { useSession } from '../../lib/session.ts';
import { useNewPlatformUi } from '../../lib/ui-flag.ts';
import { CrashBoundary } from '../../ui/CrashScreen.tsx';
import { LarmorMark } from '../../ui/LarmorMark.tsx';
import { TopNavigation } from './TopNavigation.tsx';

/**
 * Below this width the top navigation folds into a menu button and a drawer (tablets, 768 px and up): an admin's
 * nine items and the user menu need about 1150 px in one row.
 */
const WIDE_HEADER_QUERY = '(min-width: 75em)';

export function MainLayout(props: { background?: 'white' | 'gray' }) {
  const { scope } = useSession();
  const newUi = useNewPlatformUi();
  const wide = useMediaQuery(WIDE_HEADER_QUERY, true, { getInitialValueInEffect: false });
  const [drawerOpen, drawer] = useDisclosure(false);
  const navigation = <TopNavigation role={primaryRole(scope)} newUi={newUi} vertical={!wide} />;
  return (
    <div className={newUi ? 'shell shell--new' : 'shell'}>
      <header className="shell-header">
        <Group justify="space-between" wrap="nowrap" px="md" mih={56}>
          <Group gap="lg" wrap="nowrap">
            {!wide && (
              <Burger
                opened={drawerOpen}
                onClick={drawer.toggle}
                size="sm"
                color="currentColor"
                aria-label={drawerOpen ? 'Close navigation' : 'Open navigation'}
                aria-expanded={drawerOpen}
                aria-controls="shell-navigation-drawer"
              />
            )}
            <Link to="/dashboard" className="shell-brand">
              <LarmorMark size={26} />
              <Text component="span" fw={700} size="lg" c="inherit">
                Larmor
              </Text>
            </Link>
            {wide && navigation}
          </Group>
          <UserMenu newUi={newUi} />
        </Group>
      </header>
      {!wide && (
        <Drawer
          id="shell-navigation-drawer"
          opened={drawerOpen}
          onClose={drawer.close}
          title="Navigation"
          size={280}
          closeButtonProps={{ 'aria-label': 'Close navigation' }}
        >
          {/* Choosing an item (a link, or the guided tour) closes the drawer. */}
          <Box onClick={drawer.close}>{navigation}</Box>
        </Drawer>
      )}
      <main
        className="shell-main"
        // White in the light scheme; in the dark scheme the page keeps the dark body, or its light text would sit
        // on white (Mantine sets `color-scheme`, so light-dark() follows the scheme).
        style={{
          background:
            props.background === 'white'
              ? 'light-dark(var(--mantine-color-white), var(--mantine-color-body))'
              : undefined,
        }}
      >
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
