// An application as the dashboard holds it (ApplicationRecord): pending, unchanged since it came
// in, no mail about it yet; the test names who applied and when, and overrides what it cares about.
import type { ApplicationRecord } from '~/lib/applications';

type Named = Pick<ApplicationRecord, 'id' | 'applicationType' | 'name' | 'email' | 'createdAt'>;

export const applicationRecord = (fields: Named & Partial<ApplicationRecord>): ApplicationRecord => ({
  status: 'pending',
  websiteLink: null,
  message: null,
  updatedAt: null,
  version: 1,
  updatedBy: null,
  decisionMail: null,
  sentMail: null,
  ...fields,
});
