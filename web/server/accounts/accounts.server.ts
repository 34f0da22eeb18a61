// Accounts as the routes use them: Better Auth on our database (auth, which queues the account
// mails), what an account holds beyond its own rows (account-data), verifying an address with its
// password (verification), passing its cookies on and checking where a form came from (forms), and our rules on the second factor.
export { authPath, callAuth, getAuth, getSession, handleAuthRequest, type AuthAnswer } from './auth.server';
export { readVerificationLink, verifyWithPassword } from './verification.server';
export { accountExport, accountHoldings } from './account-data.server';
export { kontoForm, newPasswordForm, postedFromOwnPage, setCookieHeaders, verificationForm } from './forms.server';
export { BACKUP_CODE_PATH, forgetTrustedDevices, TOTP_PATH } from './second-factor.server';
