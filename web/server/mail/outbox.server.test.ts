import { describe, expect, test } from 'vitest';
import {
  OUTBOX_BATCH_BUDGET_MS,
  OUTBOX_LEASE_MS,
  OUTBOX_MAX_ATTEMPTS,
  OUTBOX_SEND_TIMEOUT_MS,
  retryDelayMs,
} from './outbox.server';
import { SMTP_TIMEOUTS } from './transport.server';

const HOUR = 60 * 60_000;

describe('the outbox retries a mail with growing waits for more than a day', () => {
  test('the waits double from the lease up to 6 hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayMs)).toEqual(
      [5, 10, 20, 40, 80, 160, 320, 360, 360].map((minutes) => minutes * 60_000),
    );
  });

  test('the last attempt comes more than 24 hours after the first', () => {
    let last = 0;
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt++) last += retryDelayMs(attempt);
    expect(last).toBeGreaterThan(24 * HOUR);
    // …and not much later: a mail that cannot go out is reported within two days.
    expect(last + retryDelayMs(OUTBOX_MAX_ATTEMPTS)).toBeLessThan(48 * HOUR);
  });
});

describe('a send never outlasts the lease of its claim (no second process sends it too)', () => {
  test("Nodemailer's timeouts end a send before the send timeout", () => {
    const { dnsTimeout, connectionTimeout, greetingTimeout, socketTimeout } = SMTP_TIMEOUTS;
    expect(dnsTimeout + connectionTimeout + greetingTimeout + socketTimeout).toBeLessThan(OUTBOX_SEND_TIMEOUT_MS);
  });

  test('the last send a batch may start ends before the lease does', () => {
    expect(OUTBOX_BATCH_BUDGET_MS).toBeGreaterThan(0);
    expect(OUTBOX_BATCH_BUDGET_MS + OUTBOX_SEND_TIMEOUT_MS).toBeLessThan(OUTBOX_LEASE_MS);
  });
});
