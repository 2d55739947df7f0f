// A failure the harness explains in one sentence: printed without a stack trace, exit code 1.
export class HarnessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HarnessError';
  }
}

/** The last lines of some output, for error messages that point at the cause. */
export function tail(text: string, lines = 15): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
