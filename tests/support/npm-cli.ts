// Runs one of the project's npm scripts (`npm run db:export -- FILE`) as a real process with its own environment:
// the caller's DATA_DIR and DATABASE_URL never leak into it.
//
// `npmRun` runs the file the script names (package.json's `tsx FILE`, checked on every call) with the Node that
// runs the tests, which strips the types itself, as the image's `recipe-book` command runs the same files. npm and
// tsx in front of it cost three more Node starts a command, and V8's optimising compiler of PGlite's WebAssembly
// (skipped with --liftoff-only, as `npm start` and the image skip it) doubled each command's CPU: about 4 of its 6
// CPU seconds on these 2 cores, some 35 commands in the server tests. `npmRunThroughNpm` is the way a user types
// it, npm and tsx included; tests/e2e/backup-and-move.spec.ts runs that way.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cliNodeFlags } from './start-script.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** The file an npm script runs with tsx (`"db:export": "tsx server/cli/export-command.ts"`). */
export function scriptFile(script: string): string {
  const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const file = /^tsx (server\/cli\/[\w-]+\.ts)$/.exec(scripts[script] ?? '')?.[1];
  if (!file) throw new Error(`npm run ${script} is "${scripts[script]}", not "tsx server/cli/FILE.ts"`);
  return file;
}

/** `npm run SCRIPT -- ARGS`: the script's file run by Node itself (see above). */
export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return run(process.execPath, [...cliNodeFlags(), scriptFile(script), ...args], env);
}

/** `npm run --silent SCRIPT -- ARGS` exactly as a user types it: npm, then tsx, then the script's file. */
export function npmRunThroughNpm(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  return run('npm', ['run', '--silent', script, '--', ...args], env);
}

function run(command: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited['DATA_DIR'];
  delete inherited['DATABASE_URL'];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...inherited, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    // npm's own warnings about the machine's configuration are not the command's output.
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      resolve({ code, stdout: stdout.trim(), stderr: stderr.replace(/^npm warn .*\n?/gm, '').trim() }),
    );
  });
}
