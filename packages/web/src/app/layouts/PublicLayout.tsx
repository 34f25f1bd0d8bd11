import { Center, Paper } from '@mantine/core';
import { Outlet } from 'react-router';

/** Plain centered layout of the public pages (platform-shell.md §2). */
export function PublicLayout() {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper component="main" withBorder shadow="sm" p="xl" w={440} maw="100%">
        <Outlet />
      </Paper>
    </Center>
  );
}
