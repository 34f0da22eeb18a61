// What the team dashboard reads about newsletters besides their state (GET /api/newsletters): the
// mail as the team's test variant renders it, and why a newsletter cannot be sent. Shared by the
// dashboard and the server.

/** GET /api/newsletters/:id/preview: the test mail, or (html and text null) the problems that keep it from going out. */
export interface NewsletterTeamPreview {
  subject: string;
  preheader: string | null;
  html: string | null;
  text: string | null;
  /** German, one per problem; empty when it can be sent. */
  problems: string[];
}

/** GET /api/newsletters/problems: each published newsletter that cannot be sent, with its problems (German). */
export interface NewsletterProblems {
  newsletters: { id: string; problems: string[] }[];
}
