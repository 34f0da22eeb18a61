// A new application as the server modules take it (createApplication), with the fields a test
// cares about overridden.
import { randomUUID } from 'node:crypto';
import type { NewApplication } from '~/server/applications/store.server';

export const application = (over: Partial<NewApplication> = {}): NewApplication => ({
  id: randomUUID(),
  applicationType: 'Mentee',
  name: 'Anna Apfel',
  email: 'anna@example.org',
  ...over,
});
