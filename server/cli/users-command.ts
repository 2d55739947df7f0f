// `npm run users -- list | add | passwd | grant-editor | revoke-editor | export-keycloak`: manages the embedded provider's users
// in the configured database. The logic lives in server/idp/users/admin.ts; this file only handles the process.
import { createInterface } from 'node:readline';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { runUsersCommand, USAGE, UsageError } from '../idp/users/admin.ts';

/** Asks without echo on a terminal. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    process.stdout.write(prompt);
    // Swallow the echo of typed characters so the password never appears on screen.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
    rl.once('line', (line) => {
      rl.close();
      process.stdout.write('\n');
      resolve(line);
    });
  });
}

/** The first line of a piped stdin (scripts, CI). */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

const argv = process.argv.slice(2);
if (!argv.length || argv.includes('--help')) {
  console.log(USAGE);
  process.exit(argv.length ? 0 : 2);
}

// A piped password is read before the database opens: the embedded database (WebAssembly) would take stdin.
const needsPassword = ['add', 'passwd'].includes(argv[0] ?? '') && !argv.some((a) => a.startsWith('--password'));
const piped = needsPassword && !process.stdin.isTTY ? await firstLineOfStdin() : undefined;
const readPassword = (prompt: string) => (piped !== undefined ? Promise.resolve(piped) : askHidden(prompt));

try {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runUsersCommand(db, argv, { out: (line) => console.log(line), readPassword, realm: config.keycloakRealm });
  } finally {
    await db.close();
  }
} catch (error) {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof ConfigError ? error.message : `users: ${(error as Error).message}`);
  process.exit(1);
}
