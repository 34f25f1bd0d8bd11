import { Center, Paper } from '@mantine/core';
import { Outlet } from 'react-router';

/** Plain centered layout of the public pages (platform-shell.md §2). */
export function PublicLayout() {
  return (
    <Center mih="100vh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Paper component="main" withBorder shadow="sm" p="xl" w={440} maw="100%">
        <Outlet />
      </Paper>
    </Center>
  );
}
