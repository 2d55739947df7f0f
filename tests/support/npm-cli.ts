// Runs one of the project's npm scripts as a user would (`npm run db:export -- FILE`), as a real process
// with its own environment: the caller's DATA_DIR and DATABASE_URL never leak into it.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export type CliResult = { code: number | null; stdout: string; stderr: string };

export function npmRun(script: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited['DATA_DIR'];
  delete inherited['DATABASE_URL'];
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: ROOT,
      env: { ...inherited, ...env },
    });
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
