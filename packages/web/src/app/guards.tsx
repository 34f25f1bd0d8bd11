/**
 * Route guards (platform-shell.md §2, §6): a signed-out visitor to a protected route goes to / and the asked
 * path is kept for after sign-in; a user holding none of a route's permissions goes to /forbidden.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { STORAGE_KEYS, sessionStore } from '../lib/storage.ts';
import { holdsAnyPermission, type Role } from '../lib/roles.ts';
import { isSignedIn, useSession } from '../lib/session.ts';

export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  if (!isSignedIn(current)) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    sessionStore.setItem(STORAGE_KEYS.redirectAfterLogin, from);
    return <Navigate to="/" replace state={{ from }} />;
  }
  return <Outlet />;
}

export function RequirePermission(props: { permissions: readonly Role[] }) {
  const { scope } = useSession();
  if (!holdsAnyPermission(scope, props.permissions)) return <Navigate to="/forbidden" replace />;
  return <Outlet />;
}
