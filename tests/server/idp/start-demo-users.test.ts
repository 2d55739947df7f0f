import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-ports.ts';
import { openDatabase } from '../../../server/db/index.ts';
import { findUserByUsername } from '../../../server/idp/users/user-repository.ts';

// The published demo password must not open a server that other people reach: `npm start` on a public
// PUBLIC_URL creates no demo users and says how to create the first editor instead.
const dir = mkdtempSync(join(tmpdir(), 'start-public-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `npm start` (API and provider only), waits for its banner, returns it and a way to stop it. */
async function start(env: Record<string, string>) {
  const child = spawn('npm', ['start'], {
    env: { ...process.env, ...env, SERVE_SITE: 'false', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
    const poll = setInterval(() => {
      if (output.includes('Receptboken kör på')) {
        clearInterval(poll);
        setTimeout(resolve, 200);
      }
    }, 100);
  });
  return {
    banner: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe('npm start on a public address', () => {
  it('creates no demo users, says so, and the demo password signs nobody in', async () => {
    const port = await freePort();
    const server = await start({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://recept.example.se',
      DATA_DIR: dir,
    });
    try {
      expect(server.banner()).toContain('Inga demokonton: https://recept.example.se är ingen loopback-adress');
      expect(server.banner()).toContain('npm run users -- add');
      expect(server.banner()).not.toContain('redaktor / redaktor');
    } finally {
      await server.stop();
    }
    // The data folder holds a database without the demo users: nobody signs in with the published password.
    const db = await openDatabase({ dataDir: dir });
    try {
      expect(await findUserByUsername(db, 'redaktor')).toBeNull();
      expect(await findUserByUsername(db, 'besokare')).toBeNull();
    } finally {
      await db.close();
    }
  }, 120_000);

  it('creates no demo users when it listens beyond loopback, even with the default PUBLIC_URL, and says so', async () => {
    const folder = join(dir, 'listening');
    const port = await freePort();
    const server = await start({ PORT: String(port), HOST: '0.0.0.0', DATA_DIR: folder });
    try {
      expect(server.banner()).toContain(`Receptboken kör på http://localhost:${port}`);
      expect(server.banner()).toContain('Inga demokonton: servern lyssnar på 0.0.0.0, inte bara på loopback');
      expect(server.banner()).not.toContain('redaktor / redaktor');
    } finally {
      await server.stop();
    }
    const db = await openDatabase({ dataDir: folder });
    try {
      expect(await findUserByUsername(db, 'redaktor')).toBeNull();
    } finally {
      await db.close();
    }
  }, 120_000);
});
