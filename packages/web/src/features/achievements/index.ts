/** The achievements feature's page (issue 14), loaded lazily by the router. */
export { AchievementsPage } from './pages/AchievementsPage.tsx';
