/** The scan-results feature's pages (platform-shell.md §2), loaded lazily by the router. */
export { ScanResultsPage } from './pages/ScanResultsPage.tsx';
export { ScanResultPage } from './pages/ScanResultPage.tsx';
export { ScanResultDetailsPage } from './pages/ScanResultDetailsPage.tsx';
