/** The auth feature's pages, loaded lazily by the router. */
export { SignInPage } from './pages/SignInPage.tsx';
export { RegisterPage } from './pages/RegisterPage.tsx';
export { ActivateAccountPage } from './pages/ActivateAccountPage.tsx';
export { ForgotPasswordPage, ForgotUsernamePage } from './pages/ForgotPages.tsx';
export { ResetPasswordPage } from './pages/ResetPasswordPage.tsx';
export { AuthCallbackPage } from './pages/AuthCallbackPage.tsx';
