// The import's report as lines of text, for the command line (`npm run import-app`): the same report the site shows.
import { SKIPPED, type CollectionReport } from './collection-report.ts';

const which = (r: { index: number; name: string }) => `#${r.index + 1} "${r.name}"`;

/** One line per recipe, in the file's order. */
export function reportLines(report: CollectionReport): string[] {
  const lines = [
    ...report.imported.map((r) => ({
      index: r.index,
      text:
        `  imported ${which(r)} as id ${r.id}${r.notes.length ? `: ${r.notes.join(' ')}` : ''}` +
        (r.review?.length ? `\n    Granska: ${r.review.join(' ')}` : ''),
    })),
    ...report.skipped.map((r) => ({ index: r.index, text: `  skipped ${which(r)}: ${r.reason}` })),
  ];
  return lines.sort((a, b) => a.index - b.index).map((l) => l.text);
}

/** Recipes that could not be imported (not those already here): the command's exit status says so. */
export const notImported = (report: CollectionReport) =>
  report.skipped.filter((s) => s.reason !== SKIPPED.alreadyHere && s.reason !== SKIPPED.earlierInFile);
