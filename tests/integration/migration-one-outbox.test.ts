// Migration 0011 (one mail outbox for confirmations too, decision 034) on PGlite and PostgreSQL: a database migrated up to
// 0010, holding signups whose confirmation mails were in every state of the former outbox in the
// signup row, is migrated on; the mails not yet sent move into mail_outbox with their attempts and
// claim (their retries go on where they were), and the columns and their index are gone.
import { describe, expect, test } from 'vitest';
import { migrationsFolder } from '~/server/db/db.server';
import { migrationsBefore, onPglite, onPostgres, type Engine } from '../support/migrations';
import { postgresAvailable } from '../support/postgres';

const BEFORE = `insert into signups (id, user_type, name, email, newsletter_opt_in, created_at,
    newsletter_confirmed_at, newsletter_unsubscribed_at,
    confirmation_mail_claimed_at, confirmation_mail_sent_at, confirmation_mail_attempts, confirmation_mail_given_up_at)
  values
    ('fresh', 'reiter', 'Frisch', 'fresh@example.org', true, '2026-11-01T10:00:00Z', null, null, null, null, 0, null),
    ('retrying', 'trainer', 'Wiederholt', 'retrying@example.org', true, '2026-11-01T11:00:00Z', null, null, '2026-11-01T11:05:00Z', null, 3, null),
    ('sent', 'reiter', 'Gesendet', 'sent@example.org', true, now(), null, null, now(), now(), 1, null),
    ('given-up', 'reiter', 'Aufgegeben', 'given-up@example.org', true, now(), null, null, now(), null, 11, now()),
    ('confirmed', 'reiter', 'Bestätigt', 'confirmed@example.org', true, now(), now(), null, null, null, 0, null),
    ('unsubscribed', 'reiter', 'Abgemeldet', 'unsubscribed@example.org', true, now(), null, now(), null, null, 0, null),
    ('opt-out', 'reiter', 'Ohne', 'opt-out@example.org', false, now(), null, null, null, null, 0, null)`;

/** The former outbox's index on signups (dropped by 0011), if it is there. */
const PENDING_INDEX = `select indexname from pg_indexes where tablename = 'signups' and indexname = 'signups_confirmation_mail_pending_idx'`;

async function checkMigration(engine: Engine) {
  await engine.migrate(migrationsBefore('0011_one_mail_outbox'));
  await engine.query(BEFORE);
  expect(await engine.query(PENDING_INDEX)).toEqual([{ indexname: 'signups_confirmation_mail_pending_idx' }]);
  await engine.migrate(migrationsFolder());

  const moved = await engine.query(
    `select kind, to_address, subject, text, signup_id, attempts, claimed_at, sent_at, given_up_at, created_at
     from mail_outbox order by id`,
  );
  expect(moved).toEqual([
    {
      kind: 'newsletter-confirmation',
      to_address: 'fresh@example.org',
      subject: 'Bitte bestätige deine Newsletter-Anmeldung',
      text: null,
      signup_id: 'fresh',
      attempts: 0,
      claimed_at: null,
      sent_at: null,
      given_up_at: null,
      created_at: new Date('2026-11-01T10:00:00Z'),
    },
    {
      kind: 'newsletter-confirmation',
      to_address: 'retrying@example.org',
      subject: 'Bitte bestätige deine Newsletter-Anmeldung',
      text: null,
      signup_id: 'retrying',
      attempts: 3,
      claimed_at: new Date('2026-11-01T11:05:00Z'),
      sent_at: null,
      given_up_at: null,
      created_at: new Date('2026-11-01T11:00:00Z'),
    },
  ]);
  const columns = await engine.query(
    `select column_name from information_schema.columns where table_name = 'signups' and column_name like 'confirmation_mail%'`,
  );
  expect(columns).toEqual([]);
  // ... and so is their index (decision 034).
  expect(await engine.query(PENDING_INDEX)).toEqual([]);
  // The signups stay as they were; deleting one deletes its mails.
  expect(await engine.query(`select count(*)::int as n from signups`)).toEqual([{ n: 7 }]);
  await engine.query(`delete from signups where id = 'fresh'`);
  expect(await engine.query(`select signup_id from mail_outbox`)).toEqual([{ signup_id: 'retrying' }]);
}

describe('migration 0011: the confirmation mails move into mail_outbox', () => {
  test('on PGlite', () => onPglite(checkMigration));

  test.runIf(postgresAvailable())('on PostgreSQL', () => onPostgres(checkMigration));
});
