// Which stop signals are news (server/start.ts). npm forwards SIGINT and SIGTERM to the server, and a signal to the
// whole process group (Ctrl-C, systemd's default stop, `docker stop` of an `npm start` container) reaches the server
// directly as well: one stop arrives as the same signal twice, a few milliseconds apart. That copy is part of the
// first stop and says nothing; only a signal that is not such a copy (a second Ctrl-C, a SIGTERM during a SIGINT
// stop) is worth a line in the log, so whoever sent it learns that the stop is already under way.

/** How long after the first signal the same signal counts as its copy. npm relays within milliseconds; a second
 * that even a loaded machine leaves ample room, and a person pressing Ctrl-C again is rarely that fast. */
export const COPY_WITHIN_MS = 1_000;

/** 'stop': the first signal, start stopping; 'copy': the same stop relayed again, ignore quietly; 'again': log it. */
export type SignalVerdict = 'stop' | 'copy' | 'again';

export type StopSignals = {
  /** The first signal, once one has arrived. */
  readonly first: NodeJS.Signals | undefined;
  receive(signal: NodeJS.Signals, now?: number): SignalVerdict;
};

export function stopSignals(): StopSignals {
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  let copySeen = false;
  return {
    get first() {
      return first?.signal;
    },
    receive(signal, now = Date.now()) {
      if (!first) {
        first = { signal, at: now };
        return 'stop';
      }
      // One relayed copy per stop: npm forwards once, so a third SIGTERM within the second is a person's.
      if (!copySeen && signal === first.signal && now - first.at < COPY_WITHIN_MS) {
        copySeen = true;
        return 'copy';
      }
      return 'again';
    },
  };
}
