// Outgoing mail as the other folders use it: sending one mail (transport), queueing a mail in the
// transaction of what it announces (queue), and the runner that drains the queues (outbox).
export * from './transport.server';
export * from './queue.server';
export * from './outbox.server';
