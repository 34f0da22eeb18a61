// Texts of the team dashboard (English, like its fixed messages): gate, applications, signups, team API answers.

/** The dashboard's fixed texts, required word for word (tests compare them exactly). */
export const DASHBOARD_MESSAGES = {
  wrongCode: 'Incorrect password. Please try again.',
  empty: 'No applications found matching the selected filters.',
  loading: 'Loading applications...',
  statusErrorPrefix: 'Error updating status: ',
} as const;

/** What a card shows for a missing date; required word for word. */
export const NOT_AVAILABLE = 'N/A';

/**
 * The page's interface words. `title` ('Application Dashboard') and the three status buttons
 * (`actions`: Approve, Reject, Pending) are required word for word.
 */
export const DASHBOARD_COPY = {
  title: 'Application Dashboard',
  gateLabel: 'Access code',
  gateSubmit: 'Unlock',
  gateChecking: 'Checking…',
  noScript: 'The dashboard needs JavaScript.',
  views: {
    applications: 'Applications',
    signups: 'Signups',
    insights: 'Insights',
    community: 'Community',
    team: 'Team',
    activity: 'Activity',
  },
  viewsLabel: 'Dashboard sections',
  filtersLabel: 'Filter applications',
  type: 'Type',
  status: 'Status',
  search: 'Search name or email',
  count: (n: number) => (n === 1 ? '1 application' : `${n} applications`),
  exportCsv: 'Download CSV',
  exportFailed: 'The CSV could not be downloaded: ',
  loadFailed: 'The applications could not be loaded. Trying again…',
  applied: 'Applied',
  website: 'Website',
  message: 'Message',
  email: 'Email',
  actions: { approved: 'Approve', rejected: 'Reject', pending: 'Pending' },
  actionsLabel: (name: string) => `Set status of ${name}`,
  conflict: (status: string) => `Someone else changed this application meanwhile. It is now ${status}.`,
  history: 'History',
  historyLoading: 'Loading history…',
  historyFailed: 'The history could not be loaded.',
  historyCreated: 'Created as',
  historyBy: 'by',
  decidedBy: 'Status set by',
  connection: { connecting: 'Connecting…', live: 'Live', offline: 'Offline: reconnecting…' },
} as const;

export const STATUS_LABELS = { pending: 'pending', approved: 'approved', rejected: 'rejected' } as const;

/** Every chart of the dashboard (a chart's figures are also in a table beside it). */
export const DASHBOARD_CHART_COPY = {
  loading: 'Loading chart…',
  failed: 'The chart could not be loaded; its figures are in the table below.',
  asTable: 'Show the chart’s figures as a table',
  /** The legend's values: those of the last point. */
  latest: (point: string) => `(${point})`,
  /** One point only: no line to draw yet. */
  single: (point: string) => `Only ${point} so far:`,
};

export const SIGNUPS_COPY = {
  title: 'Signups',
  loading: 'Loading signups...',
  loadFailed: 'The signups could not be loaded. Trying again…',
  empty: 'No signups yet.',
  riders: 'Riders',
  trainers: 'Trainers',
  confirmed: 'Newsletter confirmed',
  unconfirmed: 'Newsletter not confirmed',
  chartTitle: 'Signups per ISO week',
  week: 'Week',
  listTitle: 'All signups, newest first',
  name: 'Name',
  newsletter: 'Newsletter',
  signedUp: 'Signed up',
  pagesLabel: 'Signup pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

/** What the gate says when the code check did not get the usual answer, and when a session ends. */
export const GATE_TEXTS = {
  tooManyTries: 'Too many incorrect attempts. Please wait a few minutes and try again.',
  unreachable: 'The code could not be checked (no connection to the server). Please try again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

/** Under the filters: the keys of the keyboard review. */
export const KEY_HELP =
  'Keyboard: j / k next / previous application, a approve, r reject, p pending, u undo (while the mail waits).';

/** What a card says about the mail that tells the applicant a decision, and its undo. */
export const DECISION_MAIL_COPY = {
  /** The mail of the card's current status; the other decision's mail is named. */
  mail: 'Mail',
  named: { approved: 'Approval mail', rejected: 'Rejection mail' },
  scheduled: (what: string, left: string) => `${what} in ${left}`,
  sending: (what: string) => `${what} is being sent…`,
  sent: (what: string, when: string) => `${what} sent ${when}`,
  failed: (what: string, when: string) => `${what} failed ${when} · retrying`,
  gaveUp: (what: string, when: string) =>
    `${what} could not be sent (last try ${when}). Please write to the applicant yourself.`,
  cancelled: 'No mail: the decision was undone',
  undo: 'Undo',
  undoLabel: (name: string) => `Undo the decision on ${name}`,
  /** The bar under the filters after a decision made on this page. */
  decided: { approved: 'Approved', rejected: 'Rejected' },
  undoKey: '(u)',
  announced: (decided: string, name: string, when: string) =>
    `${decided} ${name}. The mail goes out at ${when}; press u or Undo to take the decision back.`,
  historyMail: { sent: 'sent', failed: 'failed' },
  historyDecidedBy: '· decided by',
} as const;

/** The signups table's type column. */
export const TYPE_NAMES = { reiter: 'Rider', trainer: 'Trainer' };

/** The signups table's newsletter column. */
export const NEWSLETTER_STATES = {
  off: 'No',
  unsubscribed: 'Unsubscribed',
  confirmed: 'Confirmed',
  unconfirmed: 'Not confirmed',
} as const;

/** The answers of POST /api/team/session and of the team API's token check. */
export const TEAM_SESSION_MESSAGES = {
  wrongCode: DASHBOARD_MESSAGES.wrongCode,
  tooManyTries: 'Too many incorrect attempts. Please try again in 15 minutes.',
  unauthorized: 'Unauthorized',
  signInRequired: 'Team sign-in required',
  ownersOnly: 'Only owners can do this',
  foreignOrigin: 'Cross-site request refused',
} as const;

/** The error texts of the application API; the dashboard shows them after 'Error updating status: '. */
export const APPLICATION_API_MESSAGES = {
  invalid: 'Invalid status change',
  invalidFilter: 'Invalid filter',
  notFound: 'Application not found',
  conflict: 'Someone else changed this application meanwhile. Its current state is shown now.',
} as const;

export const INSIGHTS_COPY = {
  title: 'Insights',
  loading: 'Loading insights…',
  loadFailed: 'The insights could not be loaded. Trying again…',
  rangeLabel: 'Period',
  ranges: { '7': 'Last 7 days', '30': 'Last 30 days', '90': 'Last 90 days', custom: 'Custom range' },
  from: 'From',
  to: 'To',
  apply: 'Show',
  badRange: 'Please choose a start date on or before the end date (at most 366 days).',
  showing: (from: string, to: string) => `${from} – ${to}`,
  visitors: 'Visitors',
  pageviews: 'Page views',
  previous: (figure: string) => `${figure} in the previous period`,
  change: (text: string) => `${text} against the previous period`,
  noPrevious: 'no figures in the previous period',
  chartTitle: 'Visitors and page views per day',
  day: 'Day',
  chartSummary: (days: number, visitors: number, pageviews: number) =>
    `${days} days: ${visitors} visitors, ${pageviews} page views in all.`,
  referrersTitle: 'Where visitors came from',
  source: 'Source',
  referrerNames: { instagram: 'Instagram', google: 'Google', direct: 'Direct', other: 'Other' },
  campaignsTitle: 'Campaigns (utm)',
  noCampaigns: 'No visits with campaign parameters in this period.',
  medium: 'Medium',
  campaign: 'Campaign',
  devicesTitle: 'Devices',
  deviceNames: { phone: 'Phone', desktop: 'Desktop' },
  funnelTitle: 'Funnel',
  /** What each funnel figure counts, in one line. */
  funnelCounts:
    'Page views, popup opens and link clicks are counted on the page (no cookies; not for Do Not Track, Global Privacy Control or without JavaScript); signups, accepted codes and applications are every one stored; a share compares only figures counted the same way.',
  step: 'Step',
  count: 'Count',
  counted: 'Counted',
  countedBy: { page: 'on the page', stored: 'stored' },
  share: 'Share',
  shareOf: (share: string, step: string) => `${share} of ${step}`,
  community: 'Into the community',
  applying: 'Applications',
  steps: {
    landingViews: 'Landing page views',
    popupOpens: 'Signup popup opened',
    groupClicks: 'WhatsApp group link clicked',
    signups: 'Signups',
    signupsReiter: 'riders',
    signupsTrainer: 'trainers',
    accessViews: '/access page views',
    codesAccepted: 'Codes accepted',
    applications: 'Applications stored',
  },
  /** A step as the share's reference ("7,1 % of landing page views"). */
  stepsOf: {
    landingViews: 'landing page views',
    popupOpens: 'popup opens',
    groupClicks: 'link clicks',
    signups: 'all signups',
    signupsReiter: 'riders',
    signupsTrainer: 'trainers',
    accessViews: '/access page views',
    codesAccepted: 'accepted codes',
    applications: 'applications',
  },
  notes:
    'Counted without cookies and without storage on the device; visitors who send Do Not Track or Global Privacy Control, bots and prefetches are not counted. Visitors are counted once per day.',
} as const;

/** The error texts of the team API (owners' calls). */
export const TEAM_API_MESSAGES = {
  memberNotFound: 'Team member not found',
  invitationNotFound: 'Invitation not found',
  lastOwner: 'The team needs at least one owner: make someone else an owner first.',
  invalidRole: 'Expected {"role": "owner" | "reviewer"}',
  invalidInvitation: 'Expected {"email": "…", "role": "owner" | "reviewer"}',
  alreadyMember: 'This address belongs to a team member already.',
  invalidRange: 'Invalid range',
} as const;

/** The list of placeholders at the top of the dashboard (launch readiness). */
export const LAUNCH_READINESS_COPY = {
  title: 'Not ready to launch: placeholders in the content',
  intro:
    'Visitors would meet these placeholders (a dead WhatsApp link, a fake address). Replace each in the Studio and publish; this list goes when none is left.',
  missing: 'missing',
  holds: (marker: string) => `still “${marker}”`,
};
