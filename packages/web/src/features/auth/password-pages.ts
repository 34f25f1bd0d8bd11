/**
 * The auth feature's pages that set a password, loaded lazily on their own: their forms check the common-password
 * list (@larmor/contracts/new-passwords), which the first page (sign-in, in index.ts) does not load.
 */
export { RegisterPage } from './pages/RegisterPage.tsx';
export { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
