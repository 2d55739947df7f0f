// What the trash and a recipe's history answer (issue 41), written once for the API that answers them
// (server/db/repositories/recipe-trash-repository.ts, recipe-history-repository.ts) and the site that reads them
// (src/client/keeping-api.ts).

/** A recipe in the trash: who deleted it and when, and when it is erased for good. */
export type TrashedRecipe = {
  id: number;
  name: string;
  author: string;
  deletedAt: string;
  deletedBy: string | null;
  /** When the sweep erases it for good: TRASH_DAYS after it was deleted. */
  erasedAfter: string;
};

/** One saved version of a recipe, as the history lists it. */
export type VersionSummary = { version: number; savedAt: string; savedBy: string | null };
