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
  gateLabel: 'Team access code (4 digits)',
  gateHint: 'The code the whole team shares, not the 6-digit code from your authenticator app.',
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
    newsletter: 'Newsletter',
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

/** What a team change or download says when no answer came from the server. */
export const TEAM_UNREACHABLE = 'No connection to the server. Please try again.';

/** What the gate says when the code check did not get the usual answer, and when a session ends. */
export const GATE_TEXTS = {
  tooManyTries: 'Too many incorrect attempts. Please wait a few minutes and try again.',
  unreachable: 'The code could not be checked (no connection to the server). Please try again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** After a wrong code: the tries left before the code is locked (the spec's message comes first). */
  triesLeft: (n: number) =>
    n <= 0
      ? 'That was the last try: the code is locked for 15 minutes.'
      : `${n === 1 ? '1 try' : `${n} tries`} left before the code is locked for 15 minutes.`,
  unlocked: 'Dashboard unlocked.',
} as const;

/** Under the filters: the keys of the keyboard review (not shown on touch screens and phones). */
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
  /** The bar at the foot of the window after a decision made on this page. */
  decided: { approved: 'Approved', rejected: 'Rejected' },
  barLabel: 'Your last decision',
  undoKey: '(u)',
  announced: (decided: string, name: string, when: string) =>
    `${decided} ${name}. The mail goes out at ${when}; press u or Undo to take the decision back.`,
  historyMail: { sent: 'sent', failed: 'failed' },
  historyDecidedBy: '· decided by',
  /** An undo that sends nothing, for a screen reader (the bar and the card's line go). */
  undone: (name: string, status: string) => `Undone: ${name} is ${status} again. No mail goes out.`,
  /** The mail's text behind a disclosure on the card and in the bar (no status word in them: the card's buttons have those). */
  showMail: 'Read the mail',
  showMails: 'Read the mails before deciding',
  previewLabel: (what: string, name: string) => `${what} to ${name}, as it will be sent`,
  previewLoading: 'Loading the mail…',
  previewFailed: 'The mail could not be loaded.',
  to: 'To',
  replyTo: 'Replies go to',
  replyToSender: 'the sender address (no Reply-To set)',
  subject: 'Subject',
  /** Before a decision that contradicts what the applicant was told by mail. */
  contradiction: {
    title: (name: string, told: string) => `${name} was told “${told}” by mail`,
    sent: (what: string, when: string) => `The ${what.toLowerCase()} went out ${when}.`,
    sending: (what: string) => `The ${what.toLowerCase()} is being sent right now.`,
    then: (what: string) => `Deciding otherwise now sends a ${what.toLowerCase()} as well, which takes it back.`,
    confirm: { approved: 'Approve anyway', rejected: 'Reject anyway' },
    cancel: 'Cancel',
  },
} as const;

/** The signups table's type column. */
export const TYPE_NAMES = { reiter: 'Rider', trainer: 'Trainer' };

/** The signups table's newsletter column. */
export const NEWSLETTER_STATES = {
  off: 'No',
  unsubscribed: 'Unsubscribed',
  confirmed: 'Confirmed',
  unconfirmed: 'Not confirmed',
  undeliverable: 'Undeliverable',
} as const;

/** A wait in words: "45 seconds", "1 minute", "15 minutes" (whole minutes from a minute on, rounded up). */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${Math.max(1, Math.ceil(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The answers of POST /api/team/session and of the team API's token check. */
export const TEAM_SESSION_MESSAGES = {
  wrongCode: DASHBOARD_MESSAGES.wrongCode,
  tooManyTries: (seconds: number) => `Too many incorrect attempts. Please try again in ${waitText(seconds)}.`,
  unauthorized: 'Unauthorized',
  signInRequired: 'Team sign-in required',
  ownersOnly: 'Only owners can do this',
  foreignOrigin: 'Cross-site request refused',
} as const;

/** The error texts of the application API; the dashboard shows them after 'Error updating status: '. */
export const APPLICATION_API_MESSAGES = {
  invalid: 'Invalid status change',
  invalidFilter: 'Invalid filter',
  invalidDecision: 'Expected ?decision=approved or ?decision=rejected',
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
  chooseDates: 'Choose a start and an end date, then press Show.',
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
  invalidMemberChange: 'Expected {"role": "owner" | "reviewer"} or {"name": "…"} (1 to 100 characters)',
  alreadyMember: 'This address belongs to a team member already.',
  ownSecondFactor:
    'You cannot reset your own second factor: your dashboard would close before you could pass on the new link. Ask another owner to reset it.',
  resetPending:
    'This person is setting up a new second factor: change their role or name once they have (or remove them and invite them again).',
  invalidRange: 'Invalid range',
} as const;

/** The newsletter API's refusals (the dashboard shows them as they stand). */
export const NEWSLETTER_API_MESSAGES = {
  notFound: 'Newsletter not found',
  invalidSend: 'Expected {"expect": N}, the number of recipients the confirmation named',
  invalidBody: 'Expected no body (or {})',
  problems: 'This newsletter cannot be sent until its problems are fixed in the Studio.',
  emptyAudience: 'Nobody would receive this newsletter: no confirmed signup in its audience.',
  audienceChanged: 'The audience changed since you looked: confirm the new number of recipients.',
  alreadySent: 'This newsletter has been sent already (or is being sent).',
  notSending: 'This newsletter is not being sent.',
  notPaused: 'This newsletter is not paused.',
} as const;

/** The line about placeholders at the top of the dashboard (launch readiness), for owners. */
export const LAUNCH_READINESS_COPY = {
  title: (n: number) => `Not ready to launch: ${n === 1 ? '1 placeholder' : `${n} placeholders`} left`,
  /** The disclosure's word (the list opens below the line). */
  show: 'Show list',
  hide: 'Hide list',
  intro:
    'Visitors would meet these placeholders (a dead WhatsApp link, a fake address). Replace each in the Studio and publish; this line goes when none is left.',
  missing: 'missing',
  notWhatsApp: 'not a WhatsApp invitation (https://chat.whatsapp.com/…), so the group links skip this group',
  holds: (marker: string) => `still “${marker}”`,
};

/** The Newsletter tab: each newsletter's state, its preview, a test, the send and its progress. */
export const NEWSLETTER_VIEW_COPY = {
  title: 'Newsletters',
  help: 'Write a newsletter in the Studio and publish it: it shows here. Send yourself a test, read it, then send it to its audience. Each newsletter goes out once.',
  loading: 'Loading newsletters…',
  loadFailed: 'The newsletters could not be loaded. Trying again…',
  empty: 'No newsletter yet. Write one in the Studio (“Newsletter”) and publish it.',
  audience: 'Audience',
  audiences: { alle: 'Everyone (riders and trainers)', reiter: 'Riders', trainer: 'Trainers' },
  noAudience: 'None chosen',
  recipients: 'Recipients',
  people: (n: number) => (n === 1 ? '1 recipient' : `${n} recipients`),
  recipientsNow: (n: number) => `${n} now`,
  recipientsFrozen: (n: number) => `${n} (the list frozen at the send)`,
  state: 'State',
  states: {
    ready: 'Ready to send',
    blocked: 'Cannot be sent',
    sending: 'Sending',
    paused: 'Paused: nothing goes out until it is resumed',
    sent: 'Sent',
  },
  startedBy: (date: string, name: string | null) => `started ${date}${name ? ` by ${name}` : ''}`,
  sentOn: (date: string, name: string | null) => `Sent on ${date}${name ? ` by ${name}` : ''}`,
  progressLabel: (subject: string) => `Progress of “${subject}”`,
  progress: (sent: number, failed: number, of: number) => `${sent} sent · ${failed} failed · of ${of}`,
  problemsTitle: 'It cannot be sent until this is fixed in the Studio (and published):',
  nobody: 'Nobody receives it yet: no signup of this audience has confirmed the newsletter.',
  preview: 'Preview',
  previewLoading: 'Loading the preview…',
  previewFailed: 'The preview could not be loaded. Trying again…',
  subject: 'Subject',
  preheader: 'Preheader',
  noPreheader: '(none: inboxes show the start of the text)',
  frameTitle: (subject: string) => `The mail “${subject}”, as the test mail shows it`,
  plainText: 'The plain-text part',
  test: 'Send a test to me',
  testSent: (subject: string, to: string) => `A test of “${subject}” is on its way to ${to}.`,
  send: (n: number) => `Send to ${n === 1 ? '1 recipient' : `${n} recipients`}…`,
  pause: 'Pause',
  resume: 'Resume',
  started: (subject: string, n: number) =>
    `Sending “${subject}” to ${n === 1 ? '1 recipient' : `${n} recipients`}. The bar shows how far it got.`,
  paused: (subject: string) => `Paused “${subject}”. A mail already handed to the mail server may still arrive.`,
  resumed: (subject: string) => `Resumed “${subject}”.`,
  finished: (subject: string, sent: number, failed: number) =>
    `“${subject}” has gone out: ${sent} sent, ${failed} failed.`,
  failed: (error: string) => `That did not work: ${error}`,
  confirm: {
    title: 'Send this newsletter?',
    text: (subject: string, n: number, audience: string) =>
      `“${subject}” goes to ${n === 1 ? '1 recipient' : `${n} recipients`} (${audience}), each once. Once sent it cannot be taken back; you can pause it while it goes out.`,
    changed: (before: number, now: number) =>
      `The audience changed since you looked: ${now} instead of ${before}. Send to ${now}?`,
    send: (n: number) => `Send to ${n === 1 ? '1 recipient' : `${n} recipients`}`,
    cancel: 'Cancel',
    sending: 'Sending…',
  },
} as const;
