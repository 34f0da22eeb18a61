// The browser's filter of the dashboard's list (`matchesFilter`) against the shared case table,
// which the integration test of the same name runs through the server's SQL.
import { describe, expect, test } from 'vitest';
import { matchesFilter, type ApplicationRecord } from '~/lib/applications';
import { FILTER_APPLICANTS, FILTER_CASES } from '../support/application-filters';

const records: ApplicationRecord[] = FILTER_APPLICANTS.map((applicant, i) => ({
  ...applicant,
  id: `00000000-0000-4000-8000-00000000000${i}`,
  websiteLink: null,
  message: null,
  createdAt: new Date(Date.UTC(2026, 10, 1, i)).toISOString(),
  updatedAt: null,
  version: 1,
  updatedBy: null,
  decisionMail: null,
  sentMail: null,
}));

describe('matchesFilter, case by case as the server filters', () => {
  test.each(FILTER_CASES)('$filter', ({ filter, names }) => {
    expect(records.filter((r) => matchesFilter(r, filter)).map((r) => r.name)).toEqual(names);
  });
});
