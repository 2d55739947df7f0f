// Test servers run in their own process group (spawn with `detached: true`), so stopping one also stops what
// its start script forked (kc.sh runs the JVM as a child).
import type { ChildProcess } from 'node:child_process';

/** Polls `url` until `ready` accepts an answer; fails early when the process exits. */
export async function waitReady(
  name: string,
  child: ChildProcess,
  url: string,
  timeoutMs: number,
  ready: (response: Response) => boolean = (response) => response.ok,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited during start-up (code ${child.exitCode ?? child.signalCode}).`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (ready(response)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s.`);
}

/** SIGTERM to the process group, SIGKILL if it is still there after 15 s. */
export async function stopGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // the group is already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
