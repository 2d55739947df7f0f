// PRE-MERGE placeholder: the stub reader's JSON. Replaced by a real app format once t38-formats is merged.
export type TestRecipe = {
  name: string;
  servings?: number | null;
  instructions?: string;
  ingredients?: { name: string; quantity?: { value: number; unit: string }; note?: string; heading?: string }[];
  photos?: Buffer[];
  author?: string;
};

export function collectionFile(recipes: TestRecipe[]): { bytes: Buffer; fileName: string } {
  const doc = { recipes: recipes.map((r) => ({ ...r, photos: (r.photos ?? []).map((p) => p.toString('base64')) })) };
  return { bytes: Buffer.from(JSON.stringify(doc)), fileName: 'samling.json' };
}
