import { describe, expect, test } from 'vitest';
import { OUTBOX_BATCH_BUDGET_MS, OUTBOX_LEASE_MS, OUTBOX_SEND_TIMEOUT_MS } from './outbox.server';
import { SMTP_TIMEOUTS } from './transport.server';

// The back-off itself is SQL (retryAt): its waits are tested against the databases in
// tests/integration/mail-outbox.test.ts.
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
