// What /konto shows and the export holds besides the account itself: the applications (each with
// its history) and signups under the account's verified email address.
import type { ApplicationRecord, HistoryEntry } from './applications';
import type { SignupRecord } from './signup';

export interface AccountSignup extends SignupRecord {
  newsletterConfirmedAt: string | null;
  newsletterUnsubscribedAt: string | null;
}

export interface AccountHoldings {
  applications: (ApplicationRecord & { history: HistoryEntry[] })[];
  signups: AccountSignup[];
}
