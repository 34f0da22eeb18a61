// `npm run db:restore -- FILE`: restores a backup of `npm run db:backup` into the configured
// database (DATABASE_URL, else the embedded database in DATA_DIR), which must hold no data: a
// PostgreSQL dump into PostgreSQL, a PGlite dump into PGlite or into PostgreSQL (the move to
// PostgreSQL). Prints the rows per table. Exit code 1 with a message when it refuses or fails.
import path from 'node:path';
import { databaseConfig } from '../web/server/config.server.ts';
import { restoreDatabase } from '../web/server/db/backup.server.ts';

const file = process.argv[2];
if (!file) {
  console.error('✖ Usage: npm run db:restore -- FILE');
  process.exit(1);
}
try {
  const result = await restoreDatabase(databaseConfig(), path.resolve(file));
  const from = result.format === 'pgdump' ? 'PostgreSQL dump' : 'PGlite dump';
  const into = result.into === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (DATA_DIR)';
  console.log(`Restored the ${from} into ${into} in ${result.ms} ms:`);
  for (const [table, rows] of Object.entries(result.rows)) console.log(`  ${table}: ${rows}`);
} catch (error) {
  console.error(`✖ Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
