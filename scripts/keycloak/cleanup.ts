// Whatever happens (normal end, error, Ctrl-C, SIGTERM from CI), stop what this run started, newest first.
type Step = () => Promise<void> | void;

const steps: Step[] = [];
let running: Promise<void> | null = null;

export function onCleanup(step: Step): void {
  steps.push(step);
}

export function cleanup(): Promise<void> {
  running ??= (async () => {
    while (steps.length) {
      const step = steps.pop()!;
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${(error as Error).message}`);
      }
    }
  })();
  return running;
}

/** Signals end the run through cleanup, with the shell's conventional exit codes. */
export function cleanupOnSignals(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping what this run started`);
      void cleanup().then(() => process.exit(code));
    });
  }
}
