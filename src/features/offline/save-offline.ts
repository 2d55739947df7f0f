// 'Spara för offline' (issue 42): reads the whole book once, without a token, through the service worker, which
// keeps every answer (./service-worker.ts): the list's name pages, the categories, each recipe, its main photo at
// the width this screen shows it and its list thumbnail. Stops at the budget (SAVE_BUDGET_BYTES), counting the
// bytes it read. Recipes first, in list order, so a cut-off book still has whole recipes.
import { photoUrl } from '../../lib/photo-files.ts';
import type { PhotoFile } from '../../lib/photo-schema.ts';
import { SAVE_BUDGET_BYTES } from '../../stores/offline.ts';

type NamePage = { recipes: Array<{ id: number; thumbnail?: { files: PhotoFile[] } }>; next: string | null };
type SavedRecipe = { photos?: Array<{ files: PhotoFile[] }> };
export type SaveProgress = { recipes: number; of: number; bytes: number };
export type SaveResult = SaveProgress & { complete: boolean };

/** The widest the main photo is shown (the card's inner width, src/features/photos/photo-sources.ts MAIN_SIZES). */
const MAIN_PHOTO_CSS_PX = 734;
const PARALLEL = 4;

/** The file of `use` this screen would load: AVIF first, the narrowest at least `cssPx` × pixel ratio wide. */
export function fileForScreen(
  files: PhotoFile[],
  use: PhotoFile['use'],
  cssPx: number,
  ratio: number,
): PhotoFile | undefined {
  for (const format of ['avif', 'webp', 'jpeg'] as const) {
    const own = files.filter((f) => f.use === use && f.format === format).sort((a, b) => a.width - b.width);
    if (own.length > 0) return own.find((f) => f.width >= cssPx * ratio) ?? own[own.length - 1];
  }
  return undefined;
}

/** A recipe removed while the book is being saved: skipped, not a failure. */
class Gone extends Error {}

async function read(url: string): Promise<{ bytes: number; body: ArrayBuffer }> {
  // no-cache: the browser revalidates with the API's ETag; credentials: only this site's own cookies, never a token.
  const res = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (res.status === 404) throw new Gone(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const body = await res.arrayBuffer();
  return { bytes: body.byteLength, body };
}

const parse = <T>(body: ArrayBuffer): T => JSON.parse(new TextDecoder().decode(body)) as T;

/** Saves the book under `apiBase` for offline reading; `onProgress` after each recipe. */
export async function saveForOffline(apiBase: string, onProgress: (p: SaveProgress) => void): Promise<SaveResult> {
  const ratio = window.devicePixelRatio || 1;
  const mainPx = Math.min(window.innerWidth, MAIN_PHOTO_CSS_PX);
  let bytes = (await read(`${apiBase}/categories`)).bytes;
  const list: NamePage['recipes'] = [];
  for (let after: string | null = ''; after !== null;) {
    const query = after ? `?limit=200&after=${encodeURIComponent(after)}` : '?limit=200';
    const page = await read(`${apiBase}/recipes/names${query}`);
    bytes += page.bytes;
    const { recipes, next } = parse<NamePage>(page.body);
    list.push(...recipes);
    after = next;
  }
  let saved = 0;
  let next = 0;
  const one = async (): Promise<void> => {
    while (next < list.length && bytes < SAVE_BUDGET_BYTES) {
      const row = list[next++]!;
      const recipe = await read(`${apiBase}/recipes/${row.id}`).catch((error: unknown) => {
        if (error instanceof Gone) return undefined;
        throw error;
      });
      if (!recipe) continue;
      const main = parse<SavedRecipe>(recipe.body).photos?.[0];
      const files = [
        main && fileForScreen(main.files, 'width', mainPx, ratio),
        row.thumbnail && fileForScreen(row.thumbnail.files, 'square', 80, ratio),
      ].filter((f): f is PhotoFile => f !== undefined);
      const photos = await Promise.all(files.map((f) => read(photoUrl(apiBase, f.file))));
      bytes += recipe.bytes + photos.reduce((sum, p) => sum + p.bytes, 0);
      saved += 1;
      onProgress({ recipes: saved, of: list.length, bytes });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, one));
  return { recipes: saved, of: list.length, bytes, complete: next >= list.length };
}
