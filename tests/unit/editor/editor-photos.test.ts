import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGE_401, MESSAGE_403 } from '../../../src/client/api.ts';
import { dragAnnouncements, dragInstructions, photoDragInstructions } from '../../../src/features/editor/dnd-texts.ts';
import {
  mayBePicture,
  photoErrorKind,
  previewFile,
  uploadErrorMessage,
  withAlt,
  withinLimit,
  withoutPhoto,
  type FormPhoto,
} from '../../../src/features/photos/photo-items.ts';
import { TEXT } from '../../../src/features/editor/texts.ts';
import { MAX_PHOTOS, photoErrorMessages, type PhotoFile } from '../../../src/lib/photo-schema.ts';

const file = (use: PhotoFile['use'], format: PhotoFile['format'], width: number, height = width): PhotoFile => ({
  use,
  format,
  width,
  height,
  file: `${use}-${format}-${width}`,
});

const photo = (id: string, alt = ''): FormPhoto => ({ id, alt, width: 800, height: 600, placeholder: '', files: [] });

describe('the limit of photos per recipe', () => {
  it('takes the first files offered, as many as fit, and counts the rest', () => {
    expect(withinLimit(['a', 'b', 'c'], 2)).toEqual({ taken: ['a', 'b'], left: 1 });
    expect(withinLimit(['a', 'b'], MAX_PHOTOS)).toEqual({ taken: ['a', 'b'], left: 0 });
    expect(withinLimit(['a'], 0)).toEqual({ taken: [], left: 1 });
    // More in the form than the limit (a stored recipe from before a lower limit): nothing more fits.
    expect(withinLimit(['a', 'b'], -1)).toEqual({ taken: [], left: 2 });
  });

  it('says in Swedish how many were left out', () => {
    expect(TEXT.tooManyPhotos(1)).toBe(`Ett recept kan ha högst ${MAX_PHOTOS} bilder. 1 bild lades inte till.`);
    expect(TEXT.tooManyPhotos(3)).toBe(`Ett recept kan ha högst ${MAX_PHOTOS} bilder. 3 bilder lades inte till.`);
  });
});

describe('which files go to the server', () => {
  it('sends pictures and untyped files, refuses files typed as something else at once', () => {
    expect(mayBePicture({ type: 'image/jpeg' })).toBe(true);
    expect(mayBePicture({ type: 'image/heic' })).toBe(true); // the server says why HEIC cannot be used
    expect(mayBePicture({ type: '' })).toBe(true);
    expect(mayBePicture({ type: 'text/plain' })).toBe(false);
    expect(mayBePicture({ type: 'application/pdf' })).toBe(false);
  });
});

describe('the preview of a photo', () => {
  it('is the smallest square, WebP before JPEG and AVIF', () => {
    const files = [
      file('width', 'avif', 800, 600),
      file('square', 'avif', 160),
      file('square', 'jpeg', 160),
      file('square', 'webp', 160),
      file('crop', 'jpeg', 100),
    ];
    expect(previewFile({ files })?.file).toBe('square-webp-160');
  });

  it('is the smallest other file when there is no square, never a crop', () => {
    const files = [file('width', 'webp', 1600, 1200), file('crop', 'jpeg', 100), file('width', 'webp', 800, 600)];
    expect(previewFile({ files })?.file).toBe('width-webp-800');
    expect(previewFile({ files: [] })).toBeUndefined();
  });
});

describe('what a refused upload says', () => {
  it('names the kind the API sends, in Swedish', () => {
    for (const kind of Object.keys(photoErrorMessages) as (keyof typeof photoErrorMessages)[]) {
      const status = kind === 'busy' || kind === 'timeout' ? 503 : kind === 'unsupported' ? 415 : 422;
      const error = new ApiError(status, { message: 'x', photoError: kind });
      expect(photoErrorKind(error)).toBe(kind);
      expect(uploadErrorMessage(error)).toBe(photoErrorMessages[kind]);
    }
  });

  it('calls every 413 too large, whatever its body (a proxy answers it with HTML)', () => {
    expect(uploadErrorMessage(new ApiError(413, '<html>Too large</html>'))).toBe(photoErrorMessages['too-large-bytes']);
  });

  it('answers 401 and 403 as every other write does', () => {
    expect(uploadErrorMessage(new ApiError(401, {}))).toBe(MESSAGE_401);
    expect(uploadErrorMessage(new ApiError(403, {}))).toBe(MESSAGE_403);
  });

  it('gives a general Swedish sentence for anything else', () => {
    expect(uploadErrorMessage(new ApiError(0, 'Network error'))).toBe(TEXT.photoUploadFailed);
    expect(uploadErrorMessage(new ApiError(500, { message: 'x' }))).toBe(TEXT.photoUploadFailed);
    expect(uploadErrorMessage(new ApiError(422, { photoError: 'no-such-kind' }))).toBe(TEXT.photoUploadFailed);
    expect(uploadErrorMessage(new Error('boom'))).toBe(TEXT.photoUploadFailed);
    expect(TEXT.photoRefused('semester.jpg', photoErrorMessages.unreadable)).toBe(
      `semester.jpg: ${photoErrorMessages.unreadable}`,
    );
  });
});

describe('changing the list', () => {
  const list = [photo('a'), photo('b', 'Bullar'), photo('c')];

  it('sets one text alternative and removes one photo without touching the others', () => {
    expect(withAlt(list, 0, 'Kanelbullar')).toEqual([photo('a', 'Kanelbullar'), list[1], list[2]]);
    expect(withoutPhoto(list, 1)).toEqual([list[0], list[2]]);
    expect(list.map((p) => p.alt)).toEqual(['', 'Bullar', '']); // new arrays: the form sees a change
  });
});

describe('moving a photo with the keyboard', () => {
  it('is explained for a photo and announced by its place', () => {
    expect(photoDragInstructions.draggable).toContain('lyfta bilden');
    expect(dragInstructions.draggable).toContain('lyfta ingrediensen');
    const ids = ['a', 'b', 'c'];
    const positionOf = (id: string | number) => ids.indexOf(String(id)) + 1;
    const say = dragAnnouncements({
      nameOf: (id) => TEXT.photoName(positionOf(id)),
      positionOf,
      count: () => ids.length,
    });
    const node = { id: 'b', rect: { current: { initial: null, translated: null } }, data: { current: undefined } };
    expect(say.onDragStart({ active: node })).toBe('Lyfte Bild 2, plats 2 av 3.');
  });
});
