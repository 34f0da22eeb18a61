// The community's stable links as the routes and other folders use them: following a link (where
// it leads, the click counted), the team's overview of the pool, the QR codes for print.
export { followGroupLink, type GroupLinkResult } from './links.server';
export { communityFigures, communityOverview, groupStatuses, stableLink } from './overview.server';
export { qrModules, qrPng, qrSvg } from './qr.server';
export { CAPACITY_MAIL_KIND } from './announce.server';
