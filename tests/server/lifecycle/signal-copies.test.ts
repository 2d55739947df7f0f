// One SIGTERM to `npm start`'s process group reaches the server twice (directly, and relayed by npm): the log says
// the stop once, not "already stopping" for the relayed copy (issue 54, item 8). A signal to npm alone arrives once.
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/free-ports.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { killGroup, startNpm } from './support.ts';

describe('a signal to the process group', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal}: one "shutting down", no "already stopping"`, async () => {
      const folder = freshPgliteDir();
      const server = await startNpm(await freePort(), folder.dir, { LOG_LEVEL: 'info' });
      try {
        process.kill(-server.pid, signal);
        expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
        expect(server.output().match(/shutting down/g), server.output()).toHaveLength(1);
        expect(server.output()).not.toContain('already stopping');
      } finally {
        killGroup(server.pid);
        folder.remove();
      }
    }, 120_000);
  }
});
