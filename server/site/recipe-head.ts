// A recipe's <head> elements for clients that read only the first HTML: link previews (OpenGraph, Twitter) and
// crawlers (the title, the description, the canonical address, the JSON-LD Recipe), and the main photo's preload
// for the page itself. Mealie does the same in its `routes/spa` module. Written with the server's one HTML writer
// (server/http/html-template.ts), so every text is escaped; the JSON-LD is a data block (its `<` written as \u003c by
// jsonLdText), so the CSP's hashes need not cover it.
import { html, scriptData, type Html } from '../http/html-template.ts';
import { photoUrl } from '../../src/lib/photo-files.ts';
import type { Photo } from '../../src/lib/photo-schema.ts';
import { mainPhotoPreload } from '../../src/lib/photo-srcset.ts';
import { jsonLdText, RECIPE_JSONLD_ID, recipeDescription, recipeJsonLd } from '../../src/lib/recipe-jsonld.ts';
import type { Recipe } from '../../src/lib/recipe-schema.ts';
import { isUnitKey, unitLabel } from '../../src/lib/units.ts';

// The document title the page sets itself (src/features/details/recipe-details.tsx: `${name} – ${TITLE}`).
const TITLE = 'recipes-frontend';

/**
 * Where the page is and where the photos are: absolute URLs (previews fetch them from anywhere); and the API's base
 * as the page's own config names it (else the absolute one), so the preload matches the <img> character for character.
 */
export type Addresses = { pageUrl: string; apiBase: string; pageApiBase?: string };

const meta = (key: 'name' | 'property', name: string, content: string | number) =>
  html`<meta ${key}="${name}" content="${content}">`;

/**
 * The main photo's preload, for the page's first paint: the very file its <picture> takes (the srcset and sizes of
 * src/lib/photo-srcset.ts, which photo.tsx and ./recipe-first-screen.ts render), so the browser starts it while it
 * parses the head. The page's head script preloads only when this preload is not there (src/pages/recipe.astro).
 */
export function mainPhotoHead(recipe: Recipe, pageApiBase: string): Html {
  const main = recipe.photos?.[0];
  const preload = main && mainPhotoPreload(pageApiBase, main);
  if (!preload) return html``;
  const { type, imageSrcset, imageSizes } = preload;
  return html`<link rel="preload" as="image" type="${type}" fetchpriority="high" imagesrcset="${imageSrcset}" imagesizes="${imageSizes}">`;
}

/** The preview's picture: the 1200 px JPEG every preview reader takes (OpenGraph's recommended width). */
function ogImage(photo: Photo, apiBase: string): Html[] {
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
export function recipeHead(recipe: Recipe, { pageUrl, apiBase, pageApiBase = apiBase }: Addresses): Html {
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
  const jsonLd = scriptData(jsonLdText(recipeJsonLd(shown, pageUrl, apiBase)));
  return html`${[
    html`<title>${recipe.name ? `${recipe.name} – ${TITLE}` : TITLE}</title>`,
    meta('name', 'description', description),
    html`<link rel="canonical" href="${pageUrl}">`,
    mainPhotoHead(recipe, pageApiBase),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:title', recipe.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:locale', 'sv_SE'),
    ...image,
    // Without a picture the large card would be an empty frame.
    meta('name', 'twitter:card', image.length ? 'summary_large_image' : 'summary'),
    html`<script type="application/ld+json" id="${RECIPE_JSONLD_ID}">${jsonLd}</script>`,
  ]}`;
}
