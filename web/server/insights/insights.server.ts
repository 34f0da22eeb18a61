// The insights domain as other folders and the routes use it: which requests count and what a
// beacon may say (classify), counting beacons in daily aggregates (recorder), and the team's
// report with its CSV rows (report).
export { reportRange } from './classify.server';
export { acceptBeacon, countServerEvent, deleteExpiredVisitorData } from './recorder.server';
export { insightsCsvRows, INSIGHTS_CSV_HEADER, requestedReport } from './report.server';
