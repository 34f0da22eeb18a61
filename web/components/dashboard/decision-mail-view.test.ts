import { describe, expect, test } from 'vitest';
import type { ApplicationRecord, DecisionMailState } from '../../lib/applications';
import { clockTime, contradiction, countdown, mailLine, undoTarget } from './decision-mail-view';

const NOW = Date.parse('2026-11-20T13:00:00.000Z'); // 14:00 in Berlin
const app = (status: ApplicationRecord['status'], decisionMail: DecisionMailState | null): ApplicationRecord => ({
  id: 'a',
  applicationType: 'Mentee',
  status,
  name: 'Anna Apfel',
  email: 'anna@example.org',
  websiteLink: null,
  message: null,
  createdAt: '2026-11-19T10:00:00.000Z',
  updatedAt: '2026-11-20T12:58:15.000Z',
  version: 2,
  updatedBy: { id: 'm', name: 'Lena' },
  decisionMail,
  sentMail: null,
});
const at = (ms: number) => new Date(NOW + ms).toISOString();

describe('the time left', () => {
  test('minutes and seconds, rounded up, never below 0:00', () => {
    expect(countdown(105_000)).toBe('1:45');
    expect(countdown(120_000)).toBe('2:00');
    expect(countdown(1)).toBe('0:01');
    expect(countdown(59_001)).toBe('1:00');
    expect(countdown(-5000)).toBe('0:00');
  });

  test('a time of day in Berlin, with the date when it is not today', () => {
    expect(clockTime('2026-11-20T13:02:00.000Z', NOW)).toBe('14:02');
    expect(clockTime('2026-11-19T13:02:00.000Z', NOW)).toBe('19.11.2026, 14:02');
  });
});

describe("a card's decision mail", () => {
  test('waiting: "Mail in 1:45" with an undo back to the status before', () => {
    const a = app('approved', { status: 'scheduled', at: at(105_000), decision: 'approved', from: 'pending' });
    expect(mailLine(a, NOW)).toEqual({
      kind: 'scheduled',
      text: 'Mail in 1:45',
      undoTo: 'pending',
      remainingMs: 105_000,
    });
    expect(undoTarget(a, NOW)).toBe('pending');
  });

  test('past its time it is being sent, and nothing is undone any more', () => {
    const a = app('rejected', { status: 'scheduled', at: at(-1), decision: 'rejected', from: 'approved' });
    expect(mailLine(a, NOW)).toEqual({ kind: 'sending', text: 'Mail is being sent…' });
    expect(undoTarget(a, NOW)).toBeNull();
  });

  test('sent: "Mail sent 14:02"', () => {
    const a = app('approved', { status: 'sent', at: at(120_000), decision: 'approved' });
    expect(mailLine(a, NOW)).toEqual({ kind: 'sent', text: 'Mail sent 14:02' });
    expect(undoTarget(a, NOW)).toBeNull();
  });

  test('the mail of another decision than the one shown is named', () => {
    const a = app('pending', { status: 'sent', at: at(0), decision: 'approved' });
    expect(mailLine(a, NOW)?.text).toBe('Approval mail sent 14:00');
  });

  test('failed: retried, or given up with a word for the team', () => {
    const failed = app('rejected', { status: 'failed', at: at(0), decision: 'rejected', retrying: true });
    expect(mailLine(failed, NOW)).toEqual({ kind: 'failed', text: 'Mail failed 14:00 · retrying' });
    const gaveUp = app('rejected', { status: 'failed', at: at(0), decision: 'rejected', retrying: false });
    expect(mailLine(gaveUp, NOW)?.text).toMatch(/^Mail could not be sent \(last try 14:00\)\. Please write/);
  });

  test('undone: said while the application is pending again', () => {
    const undone = { status: 'cancelled' as const, at: at(0), decision: 'approved' as const };
    expect(mailLine(app('pending', undone), NOW)).toEqual({
      kind: 'cancelled',
      text: 'No mail: the decision was undone',
    });
    expect(mailLine(app('approved', null), NOW)).toBeNull();
  });
});

describe('a decision that contradicts what the applicant was told', () => {
  const told = { decision: 'approved' as const, at: '2026-11-20T12:02:00.000Z' };
  test('a rejection after the approval went out, and the reverse', () => {
    const approved = { ...app('approved', { status: 'sent', at: told.at, decision: 'approved' }), sentMail: told };
    expect(contradiction(approved, 'rejected')).toEqual({ told: 'approved', at: told.at });
    // Also after the status went back to pending since.
    expect(contradiction({ ...approved, status: 'pending' }, 'rejected')).toEqual({ told: 'approved', at: told.at });
    const rejected = { ...app('rejected', null), sentMail: { ...told, decision: 'rejected' as const } };
    expect(contradiction(rejected, 'approved')).toEqual({ told: 'rejected', at: told.at });
  });

  test('not for pending, the same decision again, or an applicant who was told nothing yet', () => {
    const approved = { ...app('approved', null), sentMail: told };
    expect(contradiction(approved, 'pending')).toBeNull();
    expect(contradiction({ ...approved, status: 'pending' }, 'approved')).toBeNull();
    expect(contradiction(app('pending', null), 'rejected')).toBeNull();
    // A mail that still waits for its delay is not told yet (the change cancels it).
    expect(
      contradiction(
        app('approved', { status: 'scheduled', at: at(60_000), decision: 'approved', from: 'pending' }),
        'rejected',
      ),
    ).toBeNull();
  });

  test('a mail being sent right now counts as told', () => {
    const sending = app('approved', { status: 'scheduled', at: at(-1000), decision: 'approved' });
    expect(contradiction(sending, 'rejected')).toEqual({ told: 'approved' });
  });
});
