// The server's filter of the applications (the SQL behind `listApplications`) on PGlite and
// PostgreSQL, against the shared case table the browser's `matchesFilter` is tested with too.
import { beforeAll, expect, test } from 'vitest';
import { createApplication, listApplications, setApplicationStatus } from '~/server/applications/store.server';
import { schema } from '~/server/db/db.server';
import { application } from '../support/applications';
import { FILTER_APPLICANTS, FILTER_CASES } from '../support/application-filters';
import { describeEachDatabase } from '../support/database';
import { useTestConfig } from '../support/routes';

describeEachDatabase('the applications filter, case by case as the browser filters', (current) => {
  beforeAll(async () => {
    useTestConfig();
    await current().db.delete(schema.applications);
    for (const { status, ...applicant } of FILTER_APPLICANTS) {
      const { record } = await createApplication(application(applicant));
      if (status !== 'pending') await setApplicationStatus(record.id, status);
    }
  });

  test.each(FILTER_CASES)('$filter', async ({ filter, names }) => {
    const listed = (await listApplications(filter)).map((r) => r.name);
    // The server lists newest first; the table names them in the order they were filed.
    expect(listed.reverse()).toEqual(names);
  });
});
