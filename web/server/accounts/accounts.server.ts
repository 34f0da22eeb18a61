// Accounts as the routes use them: Better Auth on our database (auth), what an account holds
// beyond its own rows (account-data), the account mails, verifying an address with its password
// (verification), and reading the /auth forms (forms).
export * from './auth.server';
export * from './verification.server';
export * from './account-data.server';
export * from './mails.server';
export * from './forms.server';
