// `npm run team:invite -- EMAIL [--owner] [--name NAME]`: a single-use invitation to the team
// dashboard (7 days), made by the running server (asked over its control socket in DATA_DIR, on
// either engine), which prints its link here and mails it when SMTP is set up. The first owner is
// made this way; later ones are invited from the dashboard's Team tab. Exit code 1 with a message
// when it cannot be made.
import { parseArgs } from 'node:util';
import { databaseConfig } from '../web/server/config.server.ts';
import { NoBackupChannelError, requestCommand } from '../web/server/db/backup-channel.server.ts';

const usage = 'Usage: npm run team:invite -- EMAIL [--owner] [--name NAME]';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { owner: { type: 'boolean', default: false }, name: { type: 'string' } },
  });
  if (positionals.length !== 1) throw new Error(usage);
  const { dataDir } = databaseConfig();
  const answer = await requestCommand(dataDir, 'invite', {
    email: positionals[0],
    role: values.owner ? 'owner' : 'reviewer',
    ...(values.name ? { name: values.name } : {}),
  });
  console.error(
    `Invitation for ${positionals[0]} as ${values.owner ? 'owner' : 'reviewer'} (valid 7 days, once)` +
      (answer.mailed ? '; it was also mailed.' : '; send them this link:'),
  );
  console.log(String(answer.url));
} catch (error) {
  const message =
    error instanceof NoBackupChannelError
      ? `No server is running on ${databaseConfig().dataDir}: start it (npm start, or the container), then run this again.`
      : (error as Error).message;
  console.error(`✖ ${message}`);
  process.exit(1);
}
