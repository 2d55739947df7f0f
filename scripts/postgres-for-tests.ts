// A throwaway PostgreSQL 15 cluster for the server tests: initdb + pg_ctl from Debian's packages in
// a temporary folder, on a free loopback port. Postgres refuses to run as root, so as root the
// cluster belongs to the postgres user. Run directly (`npx tsx scripts/postgres-for-tests.ts`) it
// starts one, prints its URL and stops it on Ctrl-C.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-ports.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export type TestPostgres = {
  url: string;
  stop(): void;
  /** Fault injection: stop the server cleanly (it refuses connections) and start it again on the same port. */
  halt(): Promise<void>;
  restart(): Promise<void>;
  /** Fault injection: freeze every server process (SIGSTOP), as in a partition or an overloaded host, and thaw it. */
  freeze(): void;
  thaw(): void;
};

function asPostgresUser(): { run: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { run: [] };
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { run: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

export async function startTestPostgres(): Promise<TestPostgres> {
  if (!existsSync(`${PG_BIN}/initdb`)) {
    throw new Error(
      `PostgreSQL 15 is not installed (${PG_BIN}/initdb is missing). Install it with ` +
        '`apt-get install postgresql`, or point TEST_DATABASE_URL at a server you have.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'recipe-book-pg-'));
  const user = asPostgresUser();
  if (user.uid !== undefined && user.gid !== undefined) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const sh = (cmd: string, args: string[]) => {
    const [bin, ...rest] = [...user.run, `${PG_BIN}/${cmd}`, ...args];
    execFileSync(bin!, rest, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  const shAsync = async (cmd: string, args: string[]) => {
    const [bin, ...rest] = [...user.run, `${PG_BIN}/${cmd}`, ...args];
    await promisify(execFile)(bin!, rest, { cwd: dir });
  };
  // C.UTF-8 keeps lower()/ILIKE Unicode-aware (Ä -> ä) without depending on generated locales.
  sh('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  // Durability is pointless for a throwaway cluster; turning it off makes the suite much faster.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  sh('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  let stopped = false;
  // The postmaster's pid is the first line of postmaster.pid; its children are found with pgrep.
  const serverPids = () => {
    const postmaster = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
    const children = execFileSync('pgrep', ['-P', postmaster], { encoding: 'utf8' }).split('\n').filter(Boolean);
    return [postmaster, ...children].map(Number);
  };
  let frozen: number[] = [];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Asynchronous, so the test's own event loop (its clients and timers) keeps running meanwhile.
    async halt() {
      await shAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    async restart() {
      await shAsync('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    },
    freeze() {
      frozen = serverPids();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      frozen = [];
    },
    stop() {
      if (stopped) return;
      stopped = true;
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
      try {
        sh('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pg = await startTestPostgres();
  console.log(pg.url);
  const stop = () => {
    pg.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => undefined, 1 << 30);
}
