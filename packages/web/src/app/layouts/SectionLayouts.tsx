/**
 * The named inner layouts of platform-shell.md §2: dashboard, program editing, browse and scan result, each a
 * frame around its pages inside the main layout; and the layout without navigation or header (the simulator).
 */
import type { ReactNode } from 'react';
import { Box, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { CrashBoundary } from '../../ui/CrashScreen.tsx';

function Section(props: { name: string; aside?: ReactNode }) {
  return (
    <div
      className={`section-layout section-layout--${props.name}`}
      data-layout={props.name}
      style={{ display: 'flex' }}
    >
      {props.aside !== undefined && (
        <Box
          component="aside"
          w={220}
          p="sm"
          style={{ borderRight: '1px solid var(--mantine-color-gray-3)' }}
        >
          {props.aside}
        </Box>
      )}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </div>
  );
}

export function DashboardLayout() {
  return <Section name="dashboard" />;
}

export function BrowseLayout() {
  return <Section name="browse" />;
}

export function ScanResultLayout() {
  return <Section name="scan-result" />;
}

export function ProgramEditLayout() {
  const { programId = '' } = useParams();
  const { pathname } = useLocation();
  const base = `/programs/edit/${programId}`;
  const aside = (
    <Stack gap={2}>
      <MantineNavLink component={Link} to={base} label="Program" active={pathname === base} />
      <MantineNavLink
        component={Link}
        to={`${base}/enrollment-page`}
        label="Enrollment page"
        active={pathname === `${base}/enrollment-page`}
      />
    </Stack>
  );
  return <Section name="program-edit" aside={aside} />;
}

/** Layout without navigation or header: the simulator session pages. */
export function BareLayout() {
  return (
    <main className="bare-layout" data-layout="bare">
      <CrashBoundary>
        <Outlet />
      </CrashBoundary>
    </main>
  );
}
