// `npm run db:backup -- [FILE]`: a consistent, compressed dump of the configured database
// (DATABASE_URL, else the embedded database in DATA_DIR), also while the server runs. Prints the
// file's path on stdout (default DATA_DIR/backups/<UTC date and time>.<pgdump|pglite.tar.gz>) and
// its size and duration on stderr. Then, in the folder it wrote to, only the newest BACKUP_KEEP
// backups (default 14; names as this command gives them, of either engine) are kept. Exit code 1
// with a message when it cannot be made; nothing is deleted then.
import path from 'node:path';
import { databaseConfig } from '../web/server/config.server.ts';
import { backupDatabase, defaultBackupFile, pruneBackups } from '../web/server/db/backup.server.ts';

try {
  const target = databaseConfig();
  const file = path.resolve(process.argv[2] ?? defaultBackupFile(target));
  const result = await backupDatabase(target, file);
  const by = { pg_dump: 'pg_dump', server: 'the running server', direct: 'no server running' }[result.via];
  console.error(`Backup written: ${(result.bytes / 1024).toFixed(1)} KB in ${result.ms} ms (${by}).`);
  const pruned = pruneBackups(path.dirname(result.file), target.backupKeep);
  if (pruned.length)
    console.error(
      `Deleted ${pruned.length} older backup${pruned.length === 1 ? '' : 's'} (BACKUP_KEEP=${target.backupKeep}): ${pruned.join(', ')}`,
    );
  console.log(result.file);
} catch (error) {
  console.error(`✖ Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
