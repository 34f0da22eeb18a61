// The signups domain as other folders and the routes use it: storing a signup (submit, writer),
// reading them (queries), the chart's figures (stats), and the newsletter's double opt-in.
export * from './submit.server';
export * from './writer.server';
export * from './queries.server';
export * from './stats.server';
export * from './newsletter.server';
export * from './confirmation-outbox.server';
