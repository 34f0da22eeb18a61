// Accounts as the routes use them: Better Auth on our database (auth, which queues the account
// mails), what an account holds beyond its own rows (account-data), verifying an address with its
// password (verification), and passing its cookies on (forms).
export { callAuth, getAuth, getSession, handleAuthRequest, type AuthAnswer } from './auth.server';
export { readVerificationLink, verifyWithPassword } from './verification.server';
export { accountExport, accountHoldings } from './account-data.server';
export { setCookieHeaders } from './forms.server';
