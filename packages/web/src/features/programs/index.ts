/** Learning content's pages (programs, courses, modules, enrolment, catalog), loaded lazily by the router. */
export { DashboardPage } from './pages/DashboardPage.tsx';
export { BrowsePage, CatalogPage, CoursesPage } from './pages/CatalogPage.tsx';
export { BrowseProgramPage } from './pages/BrowseProgramPage.tsx';
export { BrowseCoursePage } from './pages/BrowseCoursePage.tsx';
export { ModulePage } from './pages/ModulePage.tsx';
export { ProgramEnrollmentPage } from './pages/ProgramEnrollmentPage.tsx';
export {
  ClientCoursesManagementPage,
  CoursesManagementPage,
  GlobalCoursesManagementPage,
  ProgramsManagementPage,
} from './pages/ProgramsManagementPage.tsx';
export { ProgramEditPage } from './pages/ProgramEditPage.tsx';
export { EnrollmentPageEditor } from './pages/EnrollmentPageEditor.tsx';
export { CourseEditPage } from './pages/CourseEditPage.tsx';
export { ModuleEditPage, NewModulePage } from './pages/ModuleEditPage.tsx';
