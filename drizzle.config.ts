import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './web/server/db/schema.ts',
  out: './drizzle',
});
