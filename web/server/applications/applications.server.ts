// Applications as the routes and other folders use them: storing and changing them (store), the
// live event stream (events), the list's filters (filter), the form's submit (form), and the queue
// of the decision mails (and a decision mail as it will go out, for the team to read first).
export {
  applicantNames,
  applicationsByEmail,
  deleteApplications,
  deleteApplicationsUnchangedSince,
  getApplicationHistory,
  listApplications,
  setApplicationStatus,
} from './store.server';
export { applicationEventStream, closeApplicationEventStreams } from './events.server';
export { filterFromQuery } from './filter.server';
export { APPLICATION_INPUT, applicationDraft, submitApplication, THANK_YOU_PATH } from './form.server';
export { decisionMailQueue, previewDecisionMail, type DecisionMailPreview } from './decision-mails.server';
