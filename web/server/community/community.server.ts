// The community's stable links as the routes and other folders use them: following a link (where
// it leads, the click counted), the team's overview of the pool, the QR codes for print.
export { followGroupLink } from './links.server';
export { communityFigures, communityOverview, stableLink } from './overview.server';
export { qrModules, qrPng, qrSvg } from './qr.server';
