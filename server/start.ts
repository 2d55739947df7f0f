import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import type { Database } from './db/index.ts';
import { stopSignals } from './stop-signals.ts';

// `npm start` runs this file with Node's own type stripping (no run-time transpiler in between, see
// docs/decisions/021-server-lifecycle.md), so a signal reaches this process and nothing kills it early.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// One signal, one graceful stop. npm forwards SIGINT and SIGTERM to us, and a signal to the whole
// process group (Ctrl-C, systemd's default stop) reaches us directly as well: that relayed copy of the
// first is part of the same stop and is ignored without a word (server/stop-signals.ts); any other
// later signal is logged and ignored. A stop that hangs ends after FORCE_EXIT_MS with exit code 1.
const FORCE_EXIT_MS = 10_000;
const signals = stopSignals();
const stopping: {
  /** The first signal; start-up checks it between its steps (stopIfAsked). */
  readonly signal: NodeJS.Signals | undefined;
  /** The graceful shutdown, set once the server listens; before that a signal only sets `signal`. */
  shutdown: (() => void) | undefined;
  /** Where "already stopping" goes: the console, then the app's logger once there is one. */
  log: (message: string) => void;
} = {
  get signal() {
    return signals.first;
  },
  shutdown: undefined,
  log: (message) => console.log(message),
};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    const verdict = signals.receive(signal);
    if (verdict === 'copy') return;
    if (verdict === 'again') {
      stopping.log(`${signal}: already stopping (after ${stopping.signal})`);
      return;
    }
    const force = setTimeout(() => {
      console.error(`Stopping took longer than ${FORCE_EXIT_MS / 1000} s: exiting without finishing.`);
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    stopping.shutdown?.();
  });
}

/** Signals are handled between start-up steps: whatever is open so far is closed, and the exit is 0. */
async function stopIfAsked(db?: Database): Promise<void> {
  // A signal that arrived during synchronous work (the site build) is delivered on the next turn.
  await new Promise((resolve) => setImmediate(resolve));
  if (!stopping.signal) return;
  await db?.close();
  process.exit(0);
}

async function main(): Promise<void> {
  // Everything else is imported only now, so that a signal during module loading is already handled.
  const steps = await import('./start-steps.ts');
  await stopIfAsked();

  const config = steps.loadSettings();
  try {
    steps.buildSiteIfNeeded(root, config);
  } catch (error) {
    // Ctrl-C reaches the build too: that is a stop, not a failed build.
    await stopIfAsked();
    throw error;
  }
  await stopIfAsked();

  steps.checkDataFolder(config);
  const { db, state } = await steps.openTheDatabase(config);
  const running: Parameters<typeof steps.exitWhenDataFolderLost>[0] = {};
  steps.exitWhenDataFolderLost(running);
  await stopIfAsked(db);

  const seeded = await steps.seedRecipes(config, db);
  const demoUsers = await steps.setUpDemoUsers(config, db, state);
  await stopIfAsked(db);

  const built = await steps.buildTheApp(config, db);
  running.app = built.app;
  stopping.log = (message) => built.app.log.info(message);
  await steps.listen(built, config, db);

  // A signal from here on shuts down; one that came while the app was built or began to listen, now.
  stopping.shutdown = () => void steps.shutdown(built, db, stopping.signal!);
  if (stopping.signal) {
    stopping.shutdown();
    return;
  }
  steps.printBanner(config, db, { seeded, state, demoUsers });
}

await main();
