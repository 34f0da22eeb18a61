import { describe, expect, test } from 'vitest';
import type { ApplicationRecord, HistoryEntry } from './applications';
import { applicantView, newsletterState, receivesOrWaits, type AccountSignup } from './account';

const NOW = Date.parse('2026-11-20T13:00:00.000Z');
const lena = { id: 'm1', name: 'Lena' };
const base: ApplicationRecord = {
  id: 'a',
  applicationType: 'Mentee',
  status: 'pending',
  name: 'Anna Apfel',
  email: 'anna@example.org',
  websiteLink: null,
  message: 'Meine Nachricht',
  createdAt: '2026-11-19T09:00:00.000Z',
  updatedAt: null,
  version: 1,
  updatedBy: null,
  decisionMail: null,
  sentMail: null,
};
const created: HistoryEntry = { from: null, to: 'pending', at: base.createdAt, by: null };

describe('an application as its applicant sees it', () => {
  test('while the team can still undo a decision, the applicant sees the status before it', () => {
    const view = applicantView(
      {
        ...base,
        status: 'approved',
        version: 2,
        decisionMail: { status: 'scheduled', at: '2026-11-20T13:01:30.000Z', decision: 'approved', from: 'pending' },
        history: [created, { from: 'pending', to: 'approved', at: '2026-11-20T12:59:30.000Z', by: lena }],
      },
      NOW,
    );
    expect(view).toEqual({ status: 'pending', history: [{ kind: 'received', at: base.createdAt }] });
  });

  test('once the mail went out: the decision, when it was mailed, and the mail in the history', () => {
    const view = applicantView(
      {
        ...base,
        status: 'rejected',
        version: 4,
        decisionMail: { status: 'sent', at: '2026-11-20T12:45:00.000Z', decision: 'rejected' },
        history: [
          created,
          // A slip of the key, undone within the delay: never told, never listed.
          { from: 'pending', to: 'approved', at: '2026-11-20T12:40:00.000Z', by: lena },
          { from: 'approved', to: 'pending', at: '2026-11-20T12:40:20.000Z', by: lena },
          { from: 'pending', to: 'rejected', at: '2026-11-20T12:43:00.000Z', by: lena },
          {
            from: 'rejected',
            to: 'rejected',
            at: '2026-11-20T12:45:00.000Z',
            by: lena,
            mail: { decision: 'rejected', status: 'sent' },
          },
        ],
      },
      NOW,
    );
    expect(view).toEqual({
      status: 'rejected',
      mailed: { decision: 'rejected', at: '2026-11-20T12:45:00.000Z' },
      history: [
        { kind: 'received', at: base.createdAt },
        { kind: 'mailed', at: '2026-11-20T12:45:00.000Z', decision: 'rejected' },
      ],
    });
  });

  test('past its delay (being sent) the decision shows', () => {
    const view = applicantView(
      {
        ...base,
        status: 'approved',
        decisionMail: { status: 'scheduled', at: '2026-11-20T12:59:00.000Z', decision: 'approved', from: 'pending' },
        history: [created],
      },
      NOW,
    );
    expect(view.status).toBe('approved');
  });
});

describe("a signup's newsletter on /konto", () => {
  const signup: AccountSignup = {
    id: 's',
    userType: 'reiter',
    name: 'Lea',
    email: 'lea@example.org',
    newsletterOptIn: true,
    timestamp: null,
    createdAt: '2026-10-01T10:00:00.000Z',
    newsletterConfirmedAt: null,
    newsletterUnsubscribedAt: null,
    newsletterUndeliverableAt: null,
  };
  test('subscribed since its confirmation, pending before it, unsubscribed, undeliverable, or never asked for', () => {
    const confirmed = { ...signup, newsletterConfirmedAt: '2026-10-02T08:00:00.000Z' };
    expect(newsletterState(confirmed)).toEqual({ kind: 'subscribed', since: '2026-10-02T08:00:00.000Z' });
    expect(newsletterState(signup)).toEqual({ kind: 'pending' });
    expect(newsletterState({ ...confirmed, newsletterUnsubscribedAt: '2026-10-05T08:00:00.000Z' })).toEqual({
      kind: 'unsubscribed',
      since: '2026-10-05T08:00:00.000Z',
    });
    expect(newsletterState({ ...confirmed, newsletterUndeliverableAt: '2026-10-06T08:00:00.000Z' })).toEqual({
      kind: 'undeliverable',
      since: '2026-10-06T08:00:00.000Z',
    });
    expect(newsletterState({ ...signup, newsletterOptIn: false })).toEqual({ kind: 'off' });
  });
  test('the page offers to unsubscribe while the newsletter comes or waits for the confirmation, else to subscribe again', () => {
    expect(receivesOrWaits({ kind: 'subscribed', since: '' })).toBe(true);
    expect(receivesOrWaits({ kind: 'pending' })).toBe(true);
    for (const kind of ['unsubscribed', 'undeliverable'] as const)
      expect(receivesOrWaits({ kind, since: '' })).toBe(false);
    expect(receivesOrWaits({ kind: 'off' })).toBe(false);
  });
});
