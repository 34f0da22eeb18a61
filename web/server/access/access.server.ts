// Who may get in: the mentee/mentor codes and their access grant (access-codes), and the team's
// dashboard code and its session token (team-session).
export * from './access-codes.server';
export * from './team-session.server';
