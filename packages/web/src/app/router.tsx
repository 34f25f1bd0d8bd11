/**
 * Every route of platform-shell.md §2 and simulator.md §2, with their layouts and guards.
 */
import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router';
import { RequireAuth, RequirePermission } from './guards.tsx';
import { lazyPage } from './lazy.tsx';
import { ForbiddenPage, NotFoundPage } from './pages.tsx';
import { AdminLayout } from './layouts/AdminLayout.tsx';
import { LandingLayout } from './layouts/LandingLayout.tsx';
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
const SignInPage = lazyPage(auth, 'SignInPage', { firstPage: true });
const authPasswords = () => import('../features/auth/password-pages.ts');
const RegisterPage = lazyPage(authPasswords, 'RegisterPage');
const ActivateAccountPage = lazyPage(auth, 'ActivateAccountPage');
const ForgotPasswordPage = lazyPage(auth, 'ForgotPasswordPage');
const ForgotUsernamePage = lazyPage(auth, 'ForgotUsernamePage');
const ResetPasswordPage = lazyPage(authPasswords, 'ResetPasswordPage');
const AuthCallbackPage = lazyPage(auth, 'AuthCallbackPage');
const account = () => import('../features/account/pages.ts');
const ProfilePage = lazyPage(account, 'ProfilePage');
const UpgradeSubscriptionPage = lazyPage(account, 'UpgradeSubscriptionPage');
const users = () => import('../features/users/index.ts');
const UsersPage = lazyPage(users, 'UsersPage');
const UserDetailsPage = lazyPage(users, 'UserDetailsPage');
const groups = () => import('../features/groups/pages/GroupsPage.tsx');
const GroupsPage = lazyPage(groups, 'GroupsPage');
const lti = () => import('../features/lti/pages/LtiPage.tsx');
const LtiPage = lazyPage(lti, 'LtiPage');
const sso = () => import('../features/sso/pages/SsoPage.tsx');
const SsoPage = lazyPage(sso, 'SsoPage');
const deepLinking = () => import('../features/lti/pages/DeepLinkingPage.tsx');
const DeepLinkingPage = lazyPage(deepLinking, 'DeepLinkingPage');
const maintenance = () => import('../features/maintenance/pages/MaintenancePage.tsx');
const MaintenancePage = lazyPage(maintenance, 'MaintenancePage');
const programs = () => import('../features/programs/index.ts');
const DashboardPage = lazyPage(programs, 'DashboardPage');
const CatalogPage = lazyPage(programs, 'CatalogPage');
const CoursesPage = lazyPage(programs, 'CoursesPage');
const BrowsePage = lazyPage(programs, 'BrowsePage');
const BrowseProgramPage = lazyPage(programs, 'BrowseProgramPage');
const BrowseCoursePage = lazyPage(programs, 'BrowseCoursePage');
const ModulePage = lazyPage(programs, 'ModulePage');
const ProgramEnrollmentPage = lazyPage(programs, 'ProgramEnrollmentPage');
const ProgramsManagementPage = lazyPage(programs, 'ProgramsManagementPage');
const CoursesManagementPage = lazyPage(programs, 'CoursesManagementPage');
const ClientCoursesManagementPage = lazyPage(programs, 'ClientCoursesManagementPage');
const GlobalCoursesManagementPage = lazyPage(programs, 'GlobalCoursesManagementPage');
const ProgramEditPage = lazyPage(programs, 'ProgramEditPage');
const EnrollmentPageEditor = lazyPage(programs, 'EnrollmentPageEditor');
const CourseEditPage = lazyPage(programs, 'CourseEditPage');
const NewModulePage = lazyPage(programs, 'NewModulePage');
const ModuleEditPage = lazyPage(programs, 'ModuleEditPage');
const simulator = () => import('../features/simulator/index.ts');
const SessionPage = lazyPage(simulator, 'SessionPage');
const SimulatorPage = lazyPage(simulator, 'SimulatorPage');
const viewer = () => import('../features/viewer/index.ts');
const ImageViewerPage = lazyPage(viewer, 'ImageViewerPage');
const KSpacePage = lazyPage(viewer, 'KSpacePage');
const tissues = () => import('../features/tissues/index.ts');
const TissueCharacteristicsPage = lazyPage(tissues, 'TissueCharacteristicsPage');
const timingBolus = () => import('../features/timing-bolus/index.ts');
const TimingBolusPage = lazyPage(timingBolus, 'TimingBolusPage');
const viewer3d = () => import('../features/viewer3d/index.ts');
const Viewer3DPage = lazyPage(viewer3d, 'Viewer3DPage');
const students = () => import('../features/students/index.ts');
const StudentsPage = lazyPage(students, 'StudentsPage');
const StudentDetailsPage = lazyPage(students, 'StudentDetailsPage');
const attempts = () => import('../features/attempts/index.ts');
const StudentAttemptPage = lazyPage(attempts, 'StudentAttemptPage');
const GradeAttemptPage = lazyPage(attempts, 'GradeAttemptPage');
const achievements = () => import('../features/achievements/index.ts');
const AchievementsPage = lazyPage(achievements, 'AchievementsPage');
const analytics = () => import('../features/analytics/index.ts');
const AnalyticsPage = lazyPage(analytics, 'AnalyticsPage');
const scanResults = () => import('../features/scan-results/index.ts');
const ScanResultsPage = lazyPage(scanResults, 'ScanResultsPage');
const ScanResultPage = lazyPage(scanResults, 'ScanResultPage');
const ScanResultDetailsPage = lazyPage(scanResults, 'ScanResultDetailsPage');
const knowledgeBase = () => import('../features/knowledge-base/index.ts');
const KnowledgeBaseLayout = lazyPage(knowledgeBase, 'KnowledgeBaseLayout');
const KnowledgeBaseIndexPage = lazyPage(knowledgeBase, 'KnowledgeBaseIndexPage');
const KnowledgeBaseArticlePage = lazyPage(knowledgeBase, 'KnowledgeBaseArticlePage');

// The signed-in shell (header, user menu, dialogs) loads after sign-in, keeping the first page small.
const mainLayout = () => import('./layouts/MainLayout.tsx');
const MainLayout = lazyPage(mainLayout, 'MainLayout');
const WhiteMainLayout = lazyPage(mainLayout, 'WhiteMainLayout');

const TEACHING: readonly Role[] = ['Teacher', 'Admin'];
const ADMIN: readonly Role[] = ['Admin'];

/** A Scan Result Page at `path` with its details child at `details` (issue 14). */
function scanResultRoute(path: string, details: string): RouteObject {
  return {
    path,
    element: <ScanResultPage />,
    children: [{ path: details, element: <ScanResultDetailsPage /> }],
  };
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
        // The landing page: what Larmor is, shown with images the engine rendered, beside the sign-in form.
        element: <LandingLayout />,
        children: [{ path: '/', element: <SignInPage /> }],
      },
      {
        element: <PublicLayout />,
        children: [
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
        // The knowledge base (opened in a new tab from the Help menus) is readable without signing in.
        path: '/knowledge-base',
        element: <KnowledgeBaseLayout />,
        children: [
          { index: true, element: <KnowledgeBaseIndexPage /> },
          { path: ':slug', element: <KnowledgeBaseArticlePage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/session/:sessionId',
            element: <BareLayout />,
            children: [
              {
                // The wrapper (simulator.md §2): opens or loads the session, hosts its dialogs.
                element: <SessionPage />,
                children: [
                  { index: true, element: <Navigate to="simulator" replace /> },
                  { path: 'simulator', element: <SimulatorPage /> },
                  { path: 'image-viewer', element: <ImageViewerPage /> },
                  { path: '3d-viewer', element: <Viewer3DPage /> },
                  { path: 'k-space', element: <KSpacePage /> },
                ],
              },
            ],
          },
          {
            element: <BareLayout />,
            children: [
              { path: '/timing-bolus-injection', element: <TimingBolusPage /> },
              // An LTI deep-linking request's picker (issue 27.3), shown in the platform's frame or window.
              { path: '/lti/deep-linking/:linkId', element: <DeepLinkingPage /> },
            ],
          },
          {
            element: <WhiteMainLayout />,
            children: [{ path: '/program/:programId', element: <ProgramEnrollmentPage /> }],
          },
          {
            element: <MainLayout />,
            children: [
              { path: '/profile', element: <ProfilePage /> },
              { path: '/achievements', element: <AchievementsPage /> },
              {
                element: <DashboardLayout />,
                children: [{ path: '/dashboard', element: <DashboardPage /> }],
              },
              { path: '/courses', element: <CoursesPage /> },
              { path: '/catalog', element: <CatalogPage /> },
              {
                element: <BrowseLayout />,
                children: [
                  { path: '/browse', element: <BrowsePage /> },
                  { path: '/browse/:programId', element: <BrowseProgramPage /> },
                  { path: '/browse/:programId/:courseId', element: <BrowseCoursePage /> },
                  { path: '/browse/:programId/:courseId/modules/:labId', element: <ModulePage /> },
                ],
              },
              { path: '/courses/:courseId/modules/:labId', element: <ModulePage /> },
              {
                path: '/courses/:courseId/modules/:labId/moduleAttempts/:labAttemptId',
                element: <StudentAttemptPage />,
              },
              {
                // Teachers and admins: the API refuses anyone else (403).
                element: <RequirePermission permissions={TEACHING} />,
                children: [
                  {
                    path: '/courses/:courseId/modules/:labId/students/:studentId/grade',
                    element: <GradeAttemptPage />,
                  },
                ],
              },
              { path: '/upgrade-subscription', element: <UpgradeSubscriptionPage /> },
              { path: '/scan-results', element: <ScanResultsPage /> },
              {
                element: <ScanResultLayout />,
                children: [scanResultRoute('/scan-results/:scanResultId', 'users/:userId/details')],
              },
              { path: '/tissue-characteristics/:sessionId', element: <TissueCharacteristicsPage /> },
              {
                element: <ProgramEditLayout />,
                children: [
                  { path: '/programs/edit/:programId', element: <ProgramEditPage /> },
                  { path: '/programs/edit/:programId/enrollment-page', element: <EnrollmentPageEditor /> },
                  { path: '/programs/edit/:programId/courses/:courseId', element: <CourseEditPage /> },
                  {
                    path: '/programs/edit/:programId/courses/:courseId/modules/new',
                    element: <NewModulePage />,
                  },
                  {
                    path: '/programs/edit/:programId/courses/:courseId/modules/:labId',
                    element: <ModuleEditPage />,
                  },
                ],
              },
              {
                element: <RequirePermission permissions={TEACHING} />,
                children: [
                  { path: '/courses-management', element: <CoursesManagementPage /> },
                  { path: '/programs-management', element: <ProgramsManagementPage /> },
                  { path: '/analytics', element: <AnalyticsPage /> },
                  { path: '/students', element: <StudentsPage /> },
                  { path: '/students/:userId', element: <StudentDetailsPage /> },
                  scanResultRoute('/students/:userId/scan-results/:scanResultId', 'details'),
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
                      { path: 'lti', element: <LtiPage /> },
                      { path: 'sso', element: <SsoPage /> },
                      { path: 'users', element: <UsersPage /> },
                      { path: 'users/:id', element: <UserDetailsPage /> },
                      scanResultRoute('users/:userId/scan-results/:scanResultId', 'details'),
                    ],
                  },
                  { path: '/client-courses-management', element: <ClientCoursesManagementPage /> },
                  { path: '/global-courses-management', element: <GlobalCoursesManagementPage /> },
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
