import { Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';

/**
 * /admin with its children Groups and Users (platform-shell.md §2; Details is hidden from menus) and LTI (issue 27:
 * the organisation's learning-platform connections) and Single sign-on (issue 27.6: its OpenID Connect providers).
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab =
    ['/admin/groups', '/admin/lti', '/admin/sso'].find((path) => pathname.startsWith(path)) ?? '/admin/users';
  return (
    <>
      <Tabs value={tab} onChange={(value) => value !== null && void navigate(value)} px="lg" pt="md">
        <Tabs.List>
          <Tabs.Tab value="/admin/groups">Groups</Tabs.Tab>
          <Tabs.Tab value="/admin/users">Users</Tabs.Tab>
          <Tabs.Tab value="/admin/lti">LTI</Tabs.Tab>
          <Tabs.Tab value="/admin/sso">Single sign-on</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
