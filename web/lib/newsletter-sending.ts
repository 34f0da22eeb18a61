// Sending a newsletter from the team dashboard: what GET /api/newsletters answers for each
// newsletter, and the inputs of the calls (one zod schema each), shared by the dashboard and the
// server.
import { z } from 'zod';
import type { NewsletterAudience } from './newsletter';

export type NewsletterStatus = 'ready' | 'sending' | 'paused' | 'sent';

/** One newsletter as GET /api/newsletters answers it (newest first). */
export interface NewsletterListEntry {
  id: string;
  subject: string;
  /** Null only for a newsletter of the Studio that names none (it cannot be sent). */
  audience: NewsletterAudience | null;
  /** While ready: the audience now; once sending: the size of the list frozen at the send. */
  recipients: number;
  status: NewsletterStatus;
  /** Mails the SMTP server accepted, across every instance. */
  sent: number;
  /** Addresses refused for good, and mails given up after a day of attempts. */
  failed: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** The owner who sent it. */
  by: { id: string | null; name: string } | null;
}

/** What a newsletter's entry says before its send starts (`ready`: nothing sent, nobody sent it). */
export const UNSENT = { status: 'ready', sent: 0, failed: 0, startedAt: null, finishedAt: null, by: null } as const;

/** The `:id` of the newsletter calls: a Studio document's id (published, never a draft). */
export const newsletterId = z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/);

/** POST /api/newsletters/:id/send: the number of recipients the owner's confirmation named. */
export const newsletterSendInput = z.object({ expect: z.number().int().min(0).max(10_000_000) }).strict();

/** POST /api/newsletters/:id/test, …/pause, …/resume: no body, or an empty object. */
export const newsletterEmptyInput = z.object({}).strict();
