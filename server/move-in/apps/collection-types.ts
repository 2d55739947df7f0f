// The shapes the collection reader hands the service (collection-reader.ts re-exports them: that is the contract's
// module); apart so that the worker's modules can name them without importing the reader and its pool.
import type { ImportedRecipe } from '../../../src/lib/recipe-schema.ts';

export type AppFormat = 'paprika' | 'mealie' | 'tandoor' | 'nextcloud' | 'recipesage' | 'schema-org';

/** Where one photo lives in the file; JSON-serialisable, opaque to the service. `entry` '' is the file itself;
 *  `inner` an entry of a zip inside it (Tandoor); `field` the JSON field holding it as base64 (Paprika). */
export type PhotoRef = { entry: string; inner?: string; field?: string };

export type CollectionRecipe = {
  /** 0-based position in the file, stable between scans of the same file. */
  index: number;
  /** After server/drafts/fit-draft.ts (form characters/lengths). */
  draft: ImportedRecipe;
  /** Main photo first; [] when none. */
  photos: PhotoRef[];
  author?: string;
  /** Swedish sentences: what could not be mapped. */
  notes: string[];
  /** Swedish sentences: why a person should look at the recipe once it is in ('Granska'); absent when nothing. */
  review?: string[];
  /** Swedish: set when this recipe cannot be imported at all. */
  problem?: string;
};

export type CollectionScan = { format: AppFormat; recipes: CollectionRecipe[]; notes: string[] };

export type CollectionLimits = {
  /** Recipes per file (beyond: the file is refused). */
  maxRecipes: number;
  /** Per recipe (beyond: that recipe's `problem`). */
  maxIngredients: number;
  /** All entries unpacked together (zip bombs); what one read holds in memory has its own absolute limit. */
  maxUnpackedBytes: number;
  /** One photo's bytes. */
  photoMaxBytes: number;
  /** One scan or one photo read in the worker. */
  timeoutMs: number;
};
