// The collection tests' files: real Paprika exports (a zip of gzipped JSON with the photos inline as base64, the
// format the app writes), built by the formats' fixture builder from short descriptions of recipes.
import { paprikaExport, type SampleRecipe } from '../../fixtures/apps/make-exports.ts';

export type TestRecipe = {
  name: string;
  /** As the app's person wrote it ('4 portioner'); none: the app kept no servings. */
  servings?: string;
  instructions?: string;
  ingredients?: { heading?: string; lines: string[] }[];
  photos?: Uint8Array[];
};

export function collectionFile(recipes: TestRecipe[]): { bytes: Buffer; fileName: string } {
  const samples: SampleRecipe[] = recipes.map((r) => ({
    name: r.name,
    ...(r.servings ? { servings: r.servings } : {}),
    ingredients: r.ingredients ?? [],
    steps: (r.instructions ?? '').split('\n').filter(Boolean),
    ...(r.photos ? { photos: r.photos } : {}),
  }));
  return { bytes: paprikaExport(samples), fileName: 'Mina recept.paprikarecipes' };
}
