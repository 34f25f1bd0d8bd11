/** The admin users feature's pages, loaded lazily by the router. */
export { UsersPage } from './pages/UsersPage.tsx';
export { UserDetailsPage } from './pages/UserDetailsPage.tsx';
