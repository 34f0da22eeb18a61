// Applications as the routes and other folders use them: storing and changing them (store), the
// live event stream (events), the list's filters (filter), the form's submit (form) and mails, and
// the queue of the decision mails.
export * from './store.server';
export * from './events.server';
export * from './filter.server';
export * from './form.server';
export * from './mails.server';
export { decisionMailQueue, DECISION_MAIL_KIND, type RecordDecisionMailSent } from './decision-mails.server';
