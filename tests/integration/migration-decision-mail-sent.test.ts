// Migration 0012 (what the applicant was last told) on PGlite and PostgreSQL: a database migrated up
// to 0011, holding applications whose decision mails went out, failed or were cancelled, is migrated
// on; each application whose mail went out knows the newest decision it was sent, and when.
import { describe, expect, test } from 'vitest';
import { migrationsFolder } from '~/server/db/db.server';
import { migrationsBefore, onPglite, onPostgres, type Engine } from '../support/migrations';
import { postgresAvailable } from '../support/postgres';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const BEFORE = [
  `insert into applications (id, application_type, status, name, email) values
    ('${A}', 'Mentee', 'rejected', 'Anna', 'a@example.org'),
    ('${B}', 'Mentor', 'approved', 'Ben', 'b@example.org'),
    ('${C}', 'Mentee', 'pending', 'Cleo', 'c@example.org')`,
  `insert into decision_mails (application_id, decision, from_status, decided_at, due_at, status, sent_at, cancelled_at) values
    ('${A}', 'approved', 'pending', '2026-11-01T10:00:00Z', '2026-11-01T10:02:00Z', 'sent', '2026-11-01T10:02:03.456Z', null),
    ('${A}', 'rejected', 'approved', '2026-11-02T10:00:00Z', '2026-11-02T10:02:00Z', 'sent', '2026-11-02T10:02:01Z', null),
    ('${B}', 'approved', 'pending', '2026-11-03T10:00:00Z', '2026-11-03T10:02:00Z', 'failed', null, null),
    ('${C}', 'approved', 'pending', '2026-11-04T10:00:00Z', '2026-11-04T10:02:00Z', 'cancelled', null, '2026-11-04T10:01:00Z')`,
];

async function checkMigration(engine: Engine) {
  await engine.migrate(migrationsBefore('0012_decision_mail_sent'));
  for (const statement of BEFORE) await engine.query(statement);
  await engine.migrate(migrationsFolder());
  expect(await engine.query(`select id, sent_mail from applications order by id`)).toEqual([
    { id: A, sent_mail: { decision: 'rejected', at: '2026-11-02T10:02:01.000Z' } },
    { id: B, sent_mail: null },
    { id: C, sent_mail: null },
  ]);
}

describe('migration 0012: each application knows what its applicant was last told', () => {
  test('on PGlite', () => onPglite(checkMigration));

  test.runIf(postgresAvailable())('on PostgreSQL', () => onPostgres(checkMigration));
});
