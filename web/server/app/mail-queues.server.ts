// The kinds of mail the one queue sends (web/server/mail/queue.server.ts), put together here: the
// outbox's table with the renderers of the mails queued without their text, the decision mails
// with the team's activity log, and the newsletters. Each process's outbox drains these
// (start.server.ts).
import { decisionMailQueue } from '../applications/applications.server';
import { mailOutboxQueue, type Sweep } from '../mail/mail.server';
import { newsletterQueue } from '../newsletter/newsletter.server';
import { CONFIRMATION_MAIL_KIND, renderConfirmationMail } from '../signups/signups.server';
import { recordDecisionMailSent } from '../team/team.server';

/** mail_outbox: the newsletter confirmations are rendered when sent (their links are sealed then). */
export const sweepMailOutbox = mailOutboxQueue({ [CONFIRMATION_MAIL_KIND]: renderConfirmationMail });

/** Every kind of mail, in the order a drain sweeps them. */
export const mailQueues = (): Sweep[] => [
  sweepMailOutbox,
  decisionMailQueue(recordDecisionMailSent),
  newsletterQueue(),
];
