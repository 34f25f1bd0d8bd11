/** The attempts feature's pages (issue 14), loaded lazily by the router. */
export { StudentAttemptPage } from './pages/StudentAttemptPage.tsx';
export { GradeAttemptPage } from './pages/GradeAttemptPage.tsx';
