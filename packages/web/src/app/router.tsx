/**
 * Every route of platform-shell.md §2 and simulator.md §2, with their layouts and guards. Pages that later
 * issues build show their title and an empty state (PlaceholderPage).
 */
import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router';
import { RequireAuth, RequirePermission } from './guards.tsx';
import { lazyPage } from './lazy.tsx';
import { ForbiddenPage, NotFoundPage, PlaceholderPage } from './pages.tsx';
import { AdminLayout } from './layouts/AdminLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import {
  BareLayout,
  BrowseLayout,
  DashboardLayout,
  ProgramEditLayout,
  ScanResultLayout,
} from './layouts/SectionLayouts.tsx';
import type { Role } from '../lib/roles.ts';
import { CrashScreen } from '../ui/CrashScreen.tsx';

const auth = () => import('../features/auth/index.ts');
const SignInPage = lazyPage(auth, 'SignInPage');
const RegisterPage = lazyPage(auth, 'RegisterPage');
const ActivateAccountPage = lazyPage(auth, 'ActivateAccountPage');
const ForgotPasswordPage = lazyPage(auth, 'ForgotPasswordPage');
const ForgotUsernamePage = lazyPage(auth, 'ForgotUsernamePage');
const ResetPasswordPage = lazyPage(auth, 'ResetPasswordPage');
const AuthCallbackPage = lazyPage(auth, 'AuthCallbackPage');
const account = () => import('../features/account/pages.ts');
const ProfilePage = lazyPage(account, 'ProfilePage');
const UpgradeSubscriptionPage = lazyPage(account, 'UpgradeSubscriptionPage');
const users = () => import('../features/users/index.ts');
const UsersPage = lazyPage(users, 'UsersPage');
const UserDetailsPage = lazyPage(users, 'UserDetailsPage');
const groups = () => import('../features/groups/pages/GroupsPage.tsx');
const GroupsPage = lazyPage(groups, 'GroupsPage');
const maintenance = () => import('../features/maintenance/pages/MaintenancePage.tsx');
const MaintenancePage = lazyPage(maintenance, 'MaintenancePage');

// The signed-in shell (header, user menu, dialogs) loads after sign-in, keeping the first page small.
const mainLayout = () => import('./layouts/MainLayout.tsx');
const MainLayout = lazyPage(mainLayout, 'MainLayout');
const WhiteMainLayout = lazyPage(mainLayout, 'WhiteMainLayout');

const TEACHING: readonly Role[] = ['Teacher', 'Admin'];
const ADMIN: readonly Role[] = ['Admin'];

function placeholder(path: string, title: string, children?: RouteObject[]): RouteObject {
  return { path, element: <PlaceholderPage title={title} />, ...(children ? { children } : {}) };
}

function RouteError() {
  const error = useRouteError();
  const asError = error instanceof Error ? error : new Error(String(error));
  return <CrashScreen error={asError} componentStack={asError.stack ?? ''} />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <SignInPage /> },
          { path: '/login', element: <SignInPage /> },
          { path: '/signup', element: <RegisterPage /> },
          { path: '/activate-account/:token', element: <ActivateAccountPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/forgot-username', element: <ForgotUsernamePage /> },
          { path: '/reset-password/*', element: <ResetPasswordPage /> },
          { path: '/auth/callback', element: <AuthCallbackPage /> },
          { path: '/maintenance', element: <MaintenancePage /> },
          { path: '/forbidden', element: <ForbiddenPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/session/:sessionId',
            element: <BareLayout />,
            children: [
              { index: true, element: <Navigate to="simulator" replace /> },
              placeholder('simulator', 'Simulator'),
              placeholder('image-viewer', 'Image viewer'),
              placeholder('k-space', 'K-space'),
            ],
          },
          {
            element: <BareLayout />,
            children: [placeholder('/timing-bolus-injection', 'Timing Bolus Injection')],
          },
          {
            element: <WhiteMainLayout />,
            children: [placeholder('/program/:programId', 'Program')],
          },
          {
            element: <MainLayout />,
            children: [
              { path: '/profile', element: <ProfilePage /> },
              placeholder('/achievements', 'Achievements'),
              { element: <DashboardLayout />, children: [placeholder('/dashboard', 'Dashboard')] },
              placeholder('/courses', 'Courses'),
              placeholder('/catalog', 'Catalog'),
              {
                element: <BrowseLayout />,
                children: [
                  placeholder('/browse', 'Browse'),
                  placeholder('/browse/:programId', 'Program'),
                  placeholder('/browse/:programId/:courseId', 'Course'),
                  placeholder('/browse/:programId/:courseId/modules/:labId', 'Module'),
                ],
              },
              placeholder('/courses/:courseId/modules/:labId', 'Module Page'),
              placeholder(
                '/courses/:courseId/modules/:labId/moduleAttempts/:labAttemptId',
                'Student Module Page',
              ),
              placeholder('/courses/:courseId/modules/:labId/students/:studentId/grade', 'Grade Module Page'),
              { path: '/upgrade-subscription', element: <UpgradeSubscriptionPage /> },
              placeholder('/scan-results', 'Scan Results'),
              {
                element: <ScanResultLayout />,
                children: [
                  placeholder('/scan-results/:scanResultId', 'Scan Result Page', [
                    placeholder('users/:userId/details', 'Scan Result Details'),
                  ]),
                ],
              },
              placeholder('/analytics', 'Analytics'),
              placeholder('/tissue-characteristics/:sessionId', 'Tissue Characteristics'),
              {
                element: <ProgramEditLayout />,
                children: [
                  placeholder('/programs/edit/:programId', 'Edit Program'),
                  placeholder('/programs/edit/:programId/enrollment-page', 'Enrollment Page'),
                  placeholder('/programs/edit/:programId/courses/:courseId', 'Edit Course'),
                  placeholder('/programs/edit/:programId/courses/:courseId/modules/new', 'New Module'),
                  placeholder('/programs/edit/:programId/courses/:courseId/modules/:labId', 'Edit Module'),
                ],
              },
              {
                element: <RequirePermission permissions={TEACHING} />,
                children: [
                  placeholder('/courses-management', 'Manage Courses'),
                  placeholder('/programs-management', 'Manage Programs'),
                  placeholder('/students', 'Students'),
                  placeholder('/students/:userId', 'Student Details'),
                  placeholder('/students/:userId/scan-results/:scanResultId', 'Scan Result Page', [
                    placeholder('details', 'Scan Result Details'),
                  ]),
                ],
              },
              {
                element: <RequirePermission permissions={ADMIN} />,
                children: [
                  {
                    path: '/admin',
                    element: <AdminLayout />,
                    children: [
                      { index: true, element: <Navigate to="users" replace /> },
                      { path: 'groups', element: <GroupsPage /> },
                      { path: 'users', element: <UsersPage /> },
                      { path: 'users/:id', element: <UserDetailsPage /> },
                      placeholder('users/:userId/scan-results/:scanResultId', 'Scan Result Page', [
                        placeholder('details', 'Scan Result Details'),
                      ]),
                    ],
                  },
                  placeholder('/client-courses-management', 'Client Courses'),
                  placeholder('/global-courses-management', 'Global Courses'),
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
