import { describe, expect, test } from 'vitest';
import { UNSENT, type NewsletterListEntry } from '~/lib/newsletter-sending';
import { actionsFor, isSending, progressOf, stateText, withProblems, type NewsletterCardData } from './newsletter-view';

const ready: NewsletterListEntry = {
  id: 'nl-1',
  subject: 'Neues aus dem Stall',
  audience: 'reiter',
  recipients: 12,
  ...UNSENT,
};
const card = (over: Partial<NewsletterCardData> = {}): NewsletterCardData => ({ ...ready, problems: [], ...over });
const sending = card({
  status: 'sending',
  recipients: 40,
  sent: 12,
  failed: 1,
  startedAt: '2026-11-22T09:30:00Z',
  by: { id: 'o', name: 'Olivia Owner' },
});

describe('a newsletter card', () => {
  test('problems belong to a newsletter that is not sent yet; a sent one has none', () => {
    const problems = [{ id: 'nl-1', problems: ['Betreff: zu lang'] }];
    expect(withProblems([ready], problems)[0]!.problems).toEqual(['Betreff: zu lang']);
    expect(withProblems([{ ...ready, status: 'sent' }], problems)[0]!.problems).toEqual([]);
    expect(withProblems([{ ...ready, id: 'other' }], problems)[0]!.problems).toEqual([]);
  });

  test('the state: ready, cannot be sent, sending and paused with who started it, sent on a Berlin day by a member', () => {
    expect(stateText(card())).toBe('Ready to send');
    expect(stateText(card({ problems: ['x'] }))).toBe('Cannot be sent');
    expect(stateText(sending)).toBe('Sending (started 22.11.2026 by Olivia Owner)');
    expect(stateText({ ...sending, status: 'paused' })).toMatch(
      /^Paused: .* \(started 22\.11\.2026 by Olivia Owner\)$/,
    );
    // 23:30 UTC is the next day in Berlin.
    expect(stateText({ ...sending, status: 'sent', startedAt: '2026-11-22T23:30:00Z' })).toBe(
      'Sent on 23.11.2026 by Olivia Owner',
    );
    expect(stateText({ ...sending, status: 'sent', by: null })).toBe('Sent on 22.11.2026');
  });

  test('the bar counts sent and failed mails of all recipients; a ready newsletter has none', () => {
    expect(progressOf(ready)).toBeNull();
    expect(progressOf(sending)).toEqual({ value: 13, max: 40, text: '12 sent · 1 failed · of 40' });
  });

  test('owners send, pause and resume; every member may test; nothing is offered that cannot work', () => {
    expect(actionsFor(card(), 'owner')).toMatchObject({ test: true, send: true, pause: false, resume: false });
    expect(actionsFor(card(), 'reviewer')).toMatchObject({ test: true, send: false });
    expect(actionsFor(card({ problems: ['x'] }), 'owner')).toMatchObject({ test: false, send: false });
    expect(actionsFor(card({ audience: null }), 'owner')).toMatchObject({ test: false, send: false });
    expect(actionsFor(card({ recipients: 0 }), 'owner')).toMatchObject({ test: true, send: false, nobody: true });
    expect(actionsFor(sending, 'owner')).toMatchObject({ test: false, send: false, pause: true, resume: false });
    expect(actionsFor(sending, 'reviewer')).toMatchObject({ pause: false });
    expect(actionsFor({ ...sending, status: 'paused' }, 'owner')).toMatchObject({ pause: false, resume: true });
  });

  test('the list is asked again while a newsletter goes out, not while one is paused', () => {
    expect(isSending([ready, sending])).toBe(true);
    expect(isSending([ready, { ...sending, status: 'paused' }])).toBe(false);
  });
});
