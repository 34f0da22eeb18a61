// A row (or two) in every table of the application's schema, with the values that are easy to
// lose on the way through a dump (umlauts, quotes, NULLs, JSON, microseconds, ids past a serial
// sequence), and a snapshot of every table to compare two databases by. Raw SQL on purpose: a
// backup must carry each table whatever code writes it. Mails are seeded as sent and limits under
// a bucket of their own, so that a server running on the seeded database leaves them as they are.
import { applicationTables } from '../../web/server/db/backup.server.ts';

interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

const APPLICATION = '6f1c2a4e-8a51-4c5e-9d0e-2b1f3c4d5e6f';

export const SEED = [
  `insert into signups (id, user_type, name, email, newsletter_opt_in, client_timestamp, created_at, newsletter_confirmed_at)
   values ('seed-1', 'reiter', 'Jürgen „Jogi“ Müller', 'jogi@example.org', true, '2026-01-02T03:04:05.123456Z', '2026-01-02T03:04:06.654321Z', now()),
          ('seed-2', 'trainer', 'O''Brien, Siân', 'sian@example.org', false, null, now(), null)`,
  `insert into applications (id, application_type, status, name, email, website_link, message, version, updated_at, consent_at)
   values ('${APPLICATION}', 'Business Partner', 'approved', 'Åsa Øberg', 'asa@example.org', 'https://example.org/ä', E'Zeile 1\\nZeile 2; "zitiert"', 2, now(), now())`,
  `insert into application_history (application_id, from_status, to_status, by_member_name) values ('${APPLICATION}', null, 'pending', null), ('${APPLICATION}', 'pending', 'approved', 'Zoë Weiß')`,
  `insert into application_removals (id, application_id) values (9000000001, 'a0000000-0000-4000-8000-000000000001')`,
  `insert into mail_outbox (kind, to_address, subject, text, html, headers, attempts, claimed_at, sent_at)
   values ('application-received', 'asa@example.org', 'Deine Bewerbung', 'Hallo Åsa', '<p>Hallo</p>', '{"X-Kind": "application", "List-Id": "<a@b>"}', 3, now(), now())`,
  `insert into mail_outbox (kind, to_address, subject, attempts, claimed_at, sent_at, signup_id)
   values ('newsletter-confirmation', 'jogi@example.org', 'Bitte bestätige deine Newsletter-Anmeldung', 1, now(), now(), 'seed-1')`,
  `insert into rate_limits (bucket, key, window_start, hits) values ('seed', 'hash-1', '2026-01-02T03:04:00Z', 7)`,
  `insert into access_attempts (code_hash, valid, limited, client_hash) values ('c1', true, false, 'h1'), (null, false, true, null)`,
  `insert into lockdowns (scope, started_at, until, mailed_at) values ('seed', '2026-01-02T03:04:05.123456Z', '2026-01-02T03:19:05Z', null)`,
  `insert into auth_users (id, name, email, email_verified, two_factor_enabled, team_role) values ('user-1', 'Zoë Weiß', 'zoe@example.org', true, true, 'owner')`,
  `insert into auth_sessions (id, expires_at, token, user_id, ip_address, user_agent) values ('session-1', now() + interval '1 day', 'token-1', 'user-1', null, 'Mozilla/5.0')`,
  `insert into auth_accounts (id, account_id, provider_id, user_id, password) values ('account-1', 'user-1', 'credential', 'user-1', 'scrypt:abc$def')`,
  `insert into auth_verifications (id, identifier, value, expires_at) values ('verification-1', 'reset-password:xyz', 'user-1', now() + interval '1 hour')`,
  `insert into auth_two_factors (id, secret, backup_codes, user_id, verified, failed_verification_count) values ('factor-1', 'enc:secret', 'enc:codes', 'user-1', true, 1)`,
  `insert into team_invitations (token_hash, email, name, role, invited_by_id, expires_at, used_at) values ('hash-1', 'neu@example.org', 'Nele Neumann', 'reviewer', 'user-1', now() + interval '7 days', null)`,
  `insert into team_invitations (token_hash, email, name, role, expires_at, reset_of_id) values ('hash-2', 'zoe@example.org', 'Zoë Weiß', 'owner', now() + interval '7 days', 'user-1')`,
  `insert into team_tokens (token_hash, session_id) values ('token-hash-1', 'session-1')`,
  `insert into team_session_ends (token_hash, reason, role) values ('ended-hash-1', 'role-changed', 'reviewer')`,
  `insert into team_devices (user_id, device_hash) values ('user-1', 'device-hash-1')`,
  `insert into team_activity (member_id, member_name, action, target, detail) values ('user-1', 'Zoë Weiß', 'export', 'applications', '{"filter": {"status": "approved"}, "rows": 3}')`,
  `insert into decision_mails (application_id, decision, from_status, decided_by_id, decided_by_name, decided_at, due_at, status, attempts, sent_at)
   values ('${APPLICATION}', 'approved', 'pending', 'user-1', 'Zoë Weiß', now() - interval '1 hour', now() - interval '58 minutes', 'sent', 1, now() - interval '57 minutes')`,
  `insert into auth_rate_limits (id, key, count, last_request) values ('limit-1', '127.0.0.1/sign-in/email', 2, 1795000000000)`,
  `insert into insights_daily (day, metric, key, count) values ('2026-01-02', 'pageview', '/', 41), ('2026-01-02', 'visitor', '', 17)`,
  // Today's (Berlin) salt and hashes: those of a past day are deleted by a running server's sweep.
  `insert into insights_salts (day, salt) values ((now() at time zone 'Europe/Berlin')::date, 'c2VlZC1zYWx0')`,
  `insert into insights_visitors (day, hash) values ((now() at time zone 'Europe/Berlin')::date, 'seed-hash-1')`,
  `insert into mail_send_budgets (bucket, tokens, updated_at) values ('seed', 0.25, '2026-01-02T03:04:05.123456Z')`,
  `insert into newsletter_sends (newsletter_id, subject, audience, newsletter, status, recipients, sent, failed, started_at, finished_at, by_id, by_name)
   values ('newsletter-seed', 'Tipps für „Sitz“ & Takt', 'reiter', '{"subject": "Tipps für „Sitz“ & Takt", "audience": "reiter", "body": []}', 'sent', 1, 1, 0, now() - interval '2 hours', now() - interval '1 hour', 'user-1', 'Zoë Weiß')`,
  `insert into newsletter_recipients (newsletter_id, signup_id, status, attempts, claimed_at, sent_at, settled_at)
   values ('newsletter-seed', 'seed-1', 'sent', 1, now() - interval '2 hours', now() - interval '2 hours', null)`,
  `insert into community_groups (key, clicks, announced_capacity) values ('reiterclub-1', 912, 1000), ('trainerinnen-1', 3, null)`,
  `insert into community_clicks (day, group_key, campaign, count) values ('2026-01-02', 'reiterclub-1', 'instagram|bio|', 12), ('2026-01-02', 'trainerinnen-1', '', 3)`,
];

/** Inserts SEED; throws if a table of the schema got no row (a new table needs a row here). */
export async function seedEveryTable(db: Queryable) {
  for (const statement of SEED) await db.query(statement);
  const empty: string[] = [];
  for (const table of await applicationTables(db)) {
    const { rows } = await db.query<{ n: string }>(`select count(*)::text as n from "${table}"`);
    if (rows[0]!.n === '0') empty.push(table);
  }
  if (empty.length) throw new Error(`seedEveryTable: no row for ${empty.join(', ')}: add one to SEED`);
}

/** Every row of every table as PostgreSQL writes it as text, sorted: equal snapshots, equal data. */
export async function snapshotTables(db: Queryable): Promise<Record<string, string[]>> {
  // Timestamps print in the session's time zone: the same one on both sides.
  await db.query(`set timezone to 'UTC'`);
  const snapshot: Record<string, string[]> = {};
  for (const table of await applicationTables(db)) {
    const { rows } = await db.query<{ row: string }>(`select t::text as row from "${table}" t order by 1`);
    snapshot[table] = rows.map((r) => r.row);
  }
  return snapshot;
}
