// Outgoing mail as the other folders use it: queueing a mail in the transaction of what it
// announces (enqueue), the one queue that sends every kind of mail (queue; a kind says where its
// rows are, how to render one and what settling means), the kind of the table mail_outbox, and the
// runner that drains them (outbox). The transport itself is this folder's own: nothing else sends.
export { enqueueMail, MAIL_SIGNATURE, type OutboxMail } from './enqueue.server';
export {
  GIVEN_UP_MAIL_KIND,
  mailQueue,
  siteMessageId,
  stillClaimed,
  type GivenUpMail,
  type MailKind,
  type Rendered,
  type Settlement,
} from './queue.server';
export { mailOutboxQueue, type QueuedOutboxMail, type RenderWhenSent } from './outbox-mails.server';
export {
  kickOutbox,
  kickOutboxAt,
  startOutbox,
  OUTBOX_BATCH,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  retryAt,
  type Sweep,
  type SweepOptions,
  type SweepResult,
} from './outbox.server';
