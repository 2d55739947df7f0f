// The command line of the commands that take one file (db:export, db:import, db:backup, db:restore): exactly
// one FILE, not starting with '-' (a mistyped option is not a file name), and the options named in `flags`.
// Anything else prints the usage and exits with status 2, the usage error of every command here.

export function fileArgument(usage: string, flags: readonly string[] = []): { file: string; flags: Set<string> } {
  const args = process.argv.slice(2);
  const rest = args.filter((a) => !flags.includes(a));
  const file = rest[0];
  if (rest.length !== 1 || !file || file.startsWith('-')) {
    console.error(`Usage: ${usage}`);
    process.exit(2);
  }
  return { file, flags: new Set(args.filter((a) => flags.includes(a))) };
}
