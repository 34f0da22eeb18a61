// Who may apply: the mentee/mentor codes and their access grant. (The team's sign-in, its
// dashboard code and token live in web/server/team/.)
export { checkAccessCode, deleteOldAccessAttempts, readGrant } from './access-codes.server';
