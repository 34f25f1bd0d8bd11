/** The auth feature's pages, loaded lazily by the router; those that set a password are in password-pages.ts. */
export { SignInPage } from './pages/SignInPage.tsx';
export { ActivateAccountPage } from './pages/ActivateAccountPage.tsx';
export { ForgotPasswordPage, ForgotUsernamePage } from './pages/ForgotPages.tsx';
export { AuthCallbackPage } from './pages/AuthCallbackPage.tsx';
