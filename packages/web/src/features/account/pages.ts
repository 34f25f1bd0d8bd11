/** The account feature's pages, loaded lazily by the router. */
export { ProfilePage } from './pages/ProfilePage.tsx';
export { UpgradeSubscriptionPage } from './pages/UpgradeSubscriptionPage.tsx';
