// The daily retention sweep: applications are deleted 12 months after their last change (or their
// creation, when they never changed), the team's activity log after 12 months, the notes of why an
// owner ended a member's sessions after 7 days, the log of code
// attempts after 30 days, and the insights'
// salts and visitor hashes once their Europe/Berlin day is over (the beacons' recorder also
// deletes them with the first beacon of a new day). It runs once
// shortly after start and then every day in every server process; the deletes are idempotent, so
// several processes sweeping at once do no harm.
import { berlinDay } from '~/lib/berlin-time';
import { deleteOldAccessAttempts } from '../access/access.server';
import { deleteApplicationsUnchangedSince } from '../applications/applications.server';
import { deleteExpiredVisitorData } from '../insights/insights.server';
import { log } from '../log.server';
import { deleteOldActivity, deleteOldSessionEnds } from '../team/team.server';

export const APPLICATION_RETENTION_MONTHS = 12;
export const RETENTION_SWEEP_MS = 24 * 60 * 60 * 1000;
export const VISITOR_DATA_SWEEP_MS = 60 * 60 * 1000;
/** The first sweep waits a moment, so that it does not compete with the start-up. */
const FIRST_SWEEP_MS = 60_000;

/** The moment before which an application's last change makes it due for deletion. */
export function applicationCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - APPLICATION_RETENTION_MONTHS);
  return cutoff;
}

/** One sweep: what it deleted. */
export async function sweepRetention(now = new Date()) {
  const applications = await deleteApplicationsUnchangedSince(applicationCutoff(now));
  const accessAttempts = await deleteOldAccessAttempts(now.getTime());
  const visitorHashes = await deleteExpiredVisitorData(berlinDay(now));
  const teamActivity = await deleteOldActivity(now);
  const sessionEnds = await deleteOldSessionEnds(now);
  return { applications: applications.length, accessAttempts, visitorHashes, teamActivity, sessionEnds };
}

/** Starts the daily sweep in this process; returns a function that stops it. */
export function startRetentionSweep(everyMs = RETENTION_SWEEP_MS, firstAfterMs = FIRST_SWEEP_MS) {
  const run = () =>
    sweepRetention().then(
      (deleted) => {
        if (Object.values(deleted).some(Boolean)) log.info({ deleted }, 'Retention sweep deleted old records');
      },
      // The database may be away for a moment; the next day's sweep catches up.
      (error: unknown) => log.error({ err: error }, 'Retention sweep failed'),
    );
  const first = setTimeout(() => void run(), firstAfterMs);
  const daily = setInterval(() => void run(), everyMs);
  // The visitor hashes of a day that is over go within the hour, also on a server that sees no beacon.
  const hourly = setInterval(
    () => void deleteExpiredVisitorData().catch((error: unknown) => log.error({ err: error }, 'Insights sweep failed')),
    Math.min(everyMs, VISITOR_DATA_SWEEP_MS),
  );
  first.unref();
  daily.unref();
  hourly.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
    clearInterval(hourly);
  };
}
