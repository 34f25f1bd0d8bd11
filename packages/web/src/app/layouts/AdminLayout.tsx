import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';

/** /admin with its children Groups and Users (platform-shell.md §2); Details is hidden from menus. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = pathname.startsWith('/admin/groups') ? '/admin/groups' : '/admin/users';
  return (
    <>
      <Tabs value={tab} onChange={(value) => value !== null && void navigate(value)} px="lg" pt="md">
        <Tabs.List>
          <Tabs.Tab value="/admin/groups">Groups</Tabs.Tab>
          <Tabs.Tab value="/admin/users">Users</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
