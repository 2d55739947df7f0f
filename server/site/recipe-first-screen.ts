// /{id}'s first screen, written by the server into the page's body: the recipe's card with its main photo, the
// gallery, the name and the author, in the very markup the island renders (src/features/details/recipe-details.tsx,
// src/features/photos/photo.tsx). The browser paints the name and the photo from the first response, before any
// JavaScript has run (issue 42: on a throttled phone the island's JavaScript and two reads took 4 s). The island
// removes this card as its own takes the place; nothing above the rest of the recipe moves. Every text is escaped,
// no style attribute is written (the CSP refuses them), and the photo's URLs are the preload's (./recipe-head.ts).
// docs/decisions/040-site-recipe-head-on-the-server.md
import { escapeHtml } from '../http/escape-html.ts';
import { photoUrl } from '../../src/lib/photo-files.ts';
import type { Photo } from '../../src/lib/photo-schema.ts';
import {
  fallbackFile,
  FIRST_SCREEN_ID,
  GALLERY_SIZES,
  MAIN_SIZES,
  pictureSources,
  placeholderUrl,
} from '../../src/lib/photo-srcset.ts';
import type { Recipe } from '../../src/lib/recipe-schema.ts';

// A ThumbHash drawn as a PNG costs about 0.25 ms and never changes: the last ones drawn are kept (about 5 KB each),
// so a page read again does not draw its photos again.
const PLACEHOLDERS_KEPT = 256;
const placeholders = new Map<string, string>();
function placeholderOf(thumbHash: string): string {
  let url = placeholders.get(thumbHash);
  if (url === undefined) {
    url = placeholderUrl(thumbHash);
    if (placeholders.size >= PLACEHOLDERS_KEPT) placeholders.delete(placeholders.keys().next().value ?? '');
  }
  placeholders.delete(thumbHash);
  placeholders.set(thumbHash, url); // the most recently used last
  return url;
}

const attributes = (pairs: [string, string | number][]) =>
  pairs.map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`).join('');

/** One photo as photo.tsx renders it before it has loaded: the ThumbHash under the <picture>. */
export function photoHtml(photo: Photo, alt: string, sizes: string, apiBase: string, main: boolean): string {
  const fallback = fallbackFile(photo);
  if (!fallback) return '';
  const placeholder = placeholderOf(photo.placeholder);
  const size: [string, number][] = [
    ['width', photo.width],
    ['height', photo.height],
  ];
  const sources = pictureSources(apiBase, photo.files, 'width').map(
    (s) =>
      `<source${attributes([
        ['type', s.type],
        ['srcset', s.srcSet],
        ['sizes', sizes],
      ])}>`,
  );
  const img = `<img${attributes([
    ['src', photoUrl(apiBase, fallback.file)],
    ['alt', alt],
    ...size,
    ['loading', main ? 'eager' : 'lazy'],
    ['fetchpriority', main ? 'high' : 'auto'],
    ['decoding', main ? 'auto' : 'async'],
  ])}>`;
  return [
    `<div class="${main ? 'photo photo-main' : 'photo'}">`,
    placeholder
      ? `<img${attributes([['class', 'photo-placeholder'], ['src', placeholder], ['alt', ''], ...size])}>`
      : '',
    `<picture>${sources.join('')}${img}</picture>`,
    '</div>',
  ].join('');
}

/**
 * The card: `aria-busy` (the rest of the recipe is on its way), the photos where the page shows them (an empty alt
 * means the name, as on the page), the name and the author. `apiBase` is the page's own (/config.json's API_URL).
 */
export function recipeFirstScreen(recipe: Recipe, apiBase: string): string {
  const [main, ...gallery] = recipe.photos ?? [];
  const galleryHtml = gallery.map((p) => photoHtml(p, p.alt || recipe.name, GALLERY_SIZES, apiBase, false));
  return [
    `<article class="card recipe" id="${FIRST_SCREEN_ID}" aria-busy="true">`,
    main ? photoHtml(main, main.alt || recipe.name, MAIN_SIZES, apiBase, true) : '',
    galleryHtml.length > 0 ? `<div class="photo-gallery">${galleryHtml.join('')}</div>` : '',
    `<h1>${escapeHtml(recipe.name)}</h1>`,
    `<p class="author">Författare: ${escapeHtml(recipe.author)}</p>`,
    '</article>',
  ].join('');
}
