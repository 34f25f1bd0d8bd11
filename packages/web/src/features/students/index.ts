/** The students feature's pages (simulator.md §2), loaded lazily by the router. */
export { StudentsPage } from './pages/StudentsPage.tsx';
export { StudentDetailsPage } from './pages/StudentDetailsPage.tsx';
