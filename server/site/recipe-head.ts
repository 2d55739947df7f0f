// A recipe's <head> elements for clients that read only the first HTML: link previews (OpenGraph, Twitter) and
// crawlers (the title, the description, the canonical address, the JSON-LD Recipe), and the main photo's preload.
// Mealie does the same in its `routes/spa` module. Every text is escaped; the JSON-LD is a data block, so the
// CSP's hashes need not cover it.
import { escapeHtml } from '../http/escape-html.ts';
import { photoUrl } from '../../src/lib/photo-files.ts';
import type { Photo } from '../../src/lib/photo-schema.ts';
import { jsonLdText, RECIPE_JSONLD_ID, recipeDescription, recipeJsonLd } from '../../src/lib/recipe-jsonld.ts';
import type { Recipe } from '../../src/lib/recipe-schema.ts';
import { isUnitKey, unitLabel } from '../../src/lib/units.ts';

// The document title the page sets itself (src/features/details/recipe-details.tsx: `${name} – ${TITLE}`).
const TITLE = 'recipes-frontend';

/**
 * The main photo's `sizes` (src/features/photos/photo-sources.ts MAIN_SIZES, which the server may not import:
 * tests/server/site/recipe-page.test.ts checks they are the same), so the preload is the file the page shows.
 */
export const MAIN_SIZES = '(min-width: 52rem) 734px, (min-width: 48rem) calc(100vw - 98px), calc(100vw - 82px)';

/** Where the page is and where the photos are: absolute URLs (previews fetch them from anywhere). */
export type Addresses = { pageUrl: string; apiBase: string };

const meta = (key: 'name' | 'property', name: string, content: string | number) =>
  `<meta ${key}="${name}" content="${escapeHtml(String(content))}">`;

/**
 * The main photo's preload, as an HTTP Link header: the <picture>'s AVIF choice, the same srcset and sizes as
 * src/pages/recipe.astro's script preloads once the recipe is read. A header, not a <link>: the browser starts
 * the photo before the HTML is parsed, a CDN can send it as 103 Early Hints, and the page keeps the one preload
 * element its script adds. URLs carry no '"' (percent-encoded), so the quoted values need no escaping.
 */
export function mainPhotoPreload(recipe: Recipe, apiBase: string): string | undefined {
  const files = (recipe.photos?.[0]?.files ?? [])
    .filter((f) => f.use === 'width' && f.format === 'avif')
    .sort((a, b) => a.width - b.width);
  if (!files[0]) return undefined;
  const set = files.map((f) => `${photoUrl(apiBase, f.file)} ${f.width}w`).join(', ');
  const href = photoUrl(apiBase, files[0].file);
  return `<${href}>; rel=preload; as=image; type="image/avif"; fetchpriority=high; imagesrcset="${set}"; imagesizes="${MAIN_SIZES}"`;
}

/** The preview's picture: the 1200 px JPEG every preview reader takes (OpenGraph's recommended width). */
function ogImage(photo: Photo, apiBase: string): string[] {
  const jpeg = photo.files.find((f) => f.use === 'jpeg');
  if (!jpeg) return [];
  return [
    meta('property', 'og:image', photoUrl(apiBase, jpeg.file)),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', jpeg.width),
    meta('property', 'og:image:height', jpeg.height),
    ...(photo.alt ? [meta('property', 'og:image:alt', photo.alt)] : []),
  ];
}

/** The head elements of a recipe's page, in the place of the shell's title and description. */
export function recipeHead(recipe: Recipe, { pageUrl, apiBase }: Addresses): string {
  const description = recipeDescription(recipe.instructions);
  const main = recipe.photos?.[0];
  const image = main ? ogImage(main, apiBase) : [];
  // The page shows unit labels ('dl'); the JSON-LD is written from the recipe as the page holds it.
  const shown = {
    ...recipe,
    ingredients: recipe.ingredients.map((i) =>
      i.quantity && isUnitKey(i.quantity.unit)
        ? { ...i, quantity: { ...i.quantity, unit: unitLabel(i.quantity.unit) } }
        : i,
    ),
  };
  return [
    `<title>${escapeHtml(recipe.name ? `${recipe.name} – ${TITLE}` : TITLE)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    meta('property', 'og:type', 'article'),
    meta('property', 'og:title', recipe.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:locale', 'sv_SE'),
    ...image,
    // Without a picture the large card would be an empty frame.
    meta('name', 'twitter:card', image.length ? 'summary_large_image' : 'summary'),
    `<script type="application/ld+json" id="${RECIPE_JSONLD_ID}">${jsonLdText(recipeJsonLd(shown, pageUrl, apiBase))}</script>`,
  ].join('');
}
