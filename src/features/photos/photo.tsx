// A recipe photo as a <picture>: AVIF and WebP width files by `sizes`, the JPEG for the rest, and the ThumbHash
// blurred underneath until the photo has loaded. The <img> carries the photo's width and height, so its box has
// the photo's shape before a byte arrives (no layout shift). No `style` prop anywhere: the CSP refuses inline
// style attributes, which is what Astro's server render would write.
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiBase } from '../../client/site-config.ts';
import { photoUrl } from '../../lib/photo-files.ts';
import type { Photo, Thumbnail } from '../../lib/photo-schema.ts';
import { fallbackFile, pictureSources, squareFallback, placeholderColour, placeholderUrl } from './photo-sources.ts';

let known: string | undefined;

/**
 * The API's base for photo URLs, once the runtime config is here. Every read of a recipe waits for the config
 * first (src/client/api.ts), so it is known before a photo is there to show.
 */
export function useApiBase(): string | undefined {
  const [base, setBase] = useState(known);
  useEffect(() => {
    if (base === undefined)
      void apiBase().then((b) => {
        known = b;
        setBase(b);
      });
  }, [base]);
  return base;
}

type PhotoProps = {
  photo: Photo;
  /** The photo's own alt, else the recipe's name. */
  alt: string;
  sizes: string;
  apiBase: string;
  /** The main photo loads at once and first (the page's largest paint); the gallery when scrolled near. */
  main?: boolean;
};

export default function RecipePhoto({ photo, alt, sizes, apiBase: base, main = false }: PhotoProps) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => placeholderUrl(photo.placeholder), [photo.placeholder]);
  const fallback = fallbackFile(photo);
  if (!fallback) return null;
  return (
    <div className={main ? 'photo photo-main' : 'photo'}>
      {!loaded && placeholder && (
        <img className="photo-placeholder" src={placeholder} alt="" width={photo.width} height={photo.height} />
      )}
      <picture>
        {pictureSources(base, photo.files, 'width').map((s) => (
          <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
        ))}
        <img
          src={photoUrl(base, fallback.file)}
          alt={alt}
          width={photo.width}
          height={photo.height}
          loading={main ? 'eager' : 'lazy'}
          fetchPriority={main ? 'high' : 'auto'}
          decoding={main ? 'auto' : 'async'}
          onLoad={() => setLoaded(true)}
        />
      </picture>
    </div>
  );
}

/** The list's square beside a name: the square files, or the same box empty (every row is as tall). */
export function ListThumbnail({ thumbnail, apiBase: base }: { thumbnail?: Thumbnail; apiBase?: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const colour = useMemo(() => (thumbnail ? placeholderColour(thumbnail.placeholder) : ''), [thumbnail]);
  // The placeholder colour through the CSSOM (allowed by the CSP, unlike a style attribute).
  useEffect(() => {
    if (colour) box.current?.style.setProperty('background-color', colour);
  }, [colour]);
  const fallback = thumbnail && squareFallback(thumbnail.files);
  return (
    <span className="thumb" ref={box} aria-hidden="true">
      {base && thumbnail && fallback && (
        <picture>
          {pictureSources(base, thumbnail.files, 'square').map((s) => (
            <source key={s.type} type={s.type} srcSet={s.srcSet} sizes="40px" />
          ))}
          <img src={photoUrl(base, fallback.file)} alt="" width={40} height={40} loading="lazy" decoding="async" />
        </picture>
      )}
    </span>
  );
}
