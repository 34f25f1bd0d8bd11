/** The analytics feature's page (issue 14), loaded lazily by the router. */
export { AnalyticsPage } from './pages/AnalyticsPage.tsx';
