// What a visitor reads around the community's stable links (/gruppe/…): the page shown when an
// audience has no active group, and the group link in the newsletter confirmation mail.
export const COMMUNITY_LINK_COPY = {
  noGroupTitle: 'Die Gruppe ist gerade nicht erreichbar',
  noGroupText:
    'Zu dieser Gruppe gibt es im Moment keinen Einladungslink. Bitte versuche es später noch einmal oder schreib uns über die Angaben im Impressum.',
  home: 'Zur Startseite',
  /** The confirmation mail's paragraph before the group link. */
  mailGroupLink: 'Falls du der WhatsApp-Gruppe noch nicht beigetreten bist: Hier ist dein Link zur Gruppe.',
} as const;

/** The team dashboard's words for the community (English, as the whole dashboard). */
export const COMMUNITY_DASHBOARD_COPY = {
  title: 'Community',
  intro:
    'Share these links, never a WhatsApp invitation itself: each leads to the current group of its audience, also after a group is full or its invitation was reset. Clicks are counted on our server (no cookie; bots, Do Not Track and Global Privacy Control are not counted).',
  audiences: { reiter: 'Riders (Reiterclub)', trainer: 'Trainers' },
  link: 'Stable link',
  copy: 'Copy link',
  copyFor: (audience: string) => `Copy link for ${audience}`,
  copied: 'Copied',
  copyFailed: 'Select the link and copy it by hand.',
  qrLabel: (audience: string) => `QR code of the link for ${audience}`,
  downloadSvg: 'QR code as SVG',
  downloadPng: 'QR code as PNG',
  /** A download's name with the audience it is for ("QR code as SVG for Trainers"). */
  downloadFor: (what: string, audience: string) => `${what} for ${audience}`,
  downloadFailed: 'The QR code could not be downloaded: ',
  poolTitle: 'WhatsApp groups',
  loading: 'Loading the groups…',
  loadFailed: 'The groups could not be loaded. Trying again…',
  group: 'Group',
  audience: 'For',
  clicks: 'Counted clicks',
  capacity: 'Places',
  state: 'State',
  current: 'current: the link leads here',
  full: 'full',
  inactive: 'switched off',
  waiting: 'next when the ones above are full',
  /** The notices: each is followed by where in the Studio to act (in the Studio's German words). */
  allFull: (audience: string) =>
    `Every group for ${audience} is full: the link still leads into the last one. Add a new group in the Studio:`,
  missing: (audience: string) =>
    `There is no active group for ${audience}: the link leads nowhere. Add or switch on a group in the Studio:`,
  poolNote:
    'A group counts clicks since it was added; at its places the link moves on to the next active group, and at 90 % the team gets one e-mail. Replace a reset invitation in the same entry; give a new group an entry of its own.',
} as const;

/** The insights' words for the groups (English, as the whole dashboard). */
export const COMMUNITY_INSIGHTS_COPY = {
  groupsTitle: 'WhatsApp groups',
  groupClicks: 'Group clicks',
  total: 'Since added',
  capacity: 'Places',
  current: 'Current',
  yes: 'yes',
  no: '–',
} as const;
