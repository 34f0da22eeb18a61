// Outgoing mail as the other folders use it: sending one mail (transport), queueing a mail in the
// transaction of what it announces (queue), and the runner that drains the queues (outbox).
export { sendMail, type SentMail } from './transport.server';
export {
  enqueueMail,
  MAIL_SIGNATURE,
  renderWhenSent,
  reportGivenUp,
  sweepMailOutbox,
  type OutboxMail,
} from './queue.server';
export {
  claimDue,
  kickOutbox,
  kickOutboxAt,
  outboxStopping,
  startOutbox,
  OUTBOX_BATCH,
  OUTBOX_BATCH_BUDGET_MS,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  type Sweep,
  type SweepOptions,
  type SweepResult,
} from './outbox.server';
