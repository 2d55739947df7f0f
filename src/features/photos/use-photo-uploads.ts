// The photo field's uploads: files offered (chosen, dropped, pasted) wait in line and go up one at a time, so
// they arrive in the form in the order offered and the server's small processing pool is not flooded. A refused
// file says why and leaves everything else as it was.
import { useEffect, useRef, useState } from 'react';
import { logApiError } from '../../client/api.ts';
import { uploadPhoto } from '../../client/photo-upload.ts';
import { MAX_PHOTOS, photoErrorMessages, type Photo } from '../../lib/photo-schema.ts';
import { apiTokens } from '../../stores/auth.ts';
import { mayBePicture, uploadErrorMessage, withinLimit } from './photo-items.ts';
import { TEXT } from '../editor/texts.ts';

/** A file in line; the first is being sent (`sent`: the share sent so far, 0..1). */
export type Upload = { key: string; file: File; sent: number };

let nextKey = 0;

export function usePhotoUploads(onUploaded: (photo: Photo) => void) {
  const [queue, setQueue] = useState<Upload[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const latest = useRef(onUploaded);
  latest.current = onUploaded;
  const started = useRef<string | undefined>(undefined);

  useEffect(() => {
    const next = queue[0];
    if (!next || started.current === next.key) return;
    started.current = next.key;
    const progress = (sent: number) => setQueue((q) => q.map((u) => (u.key === next.key ? { ...u, sent } : u)));
    uploadPhoto(apiTokens, next.file, progress)
      .then(
        (photo) => latest.current(photo),
        (error: unknown) => {
          logApiError(error);
          setMessages((list) => [...list, TEXT.photoRefused(next.file.name, uploadErrorMessage(error))]);
        },
      )
      .finally(() => setQueue((q) => q.filter((u) => u.key !== next.key)));
  }, [queue]);

  /** Puts files in line, as many as fit beside the `inForm` photos the form has; says what was left out. */
  const offer = (files: readonly File[], inForm: number) => {
    const notPictures = files.filter((f) => !mayBePicture(f));
    const { taken, left } = withinLimit(files.filter(mayBePicture), MAX_PHOTOS - inForm - queue.length);
    // Earlier messages were about earlier files: only this offer's are shown.
    setMessages([
      ...notPictures.map((f) => TEXT.photoRefused(f.name, photoErrorMessages['not-a-picture'])),
      ...(left > 0 ? [TEXT.tooManyPhotos(left)] : []),
    ]);
    if (taken.length > 0)
      setQueue((q) => [...q, ...taken.map((file) => ({ key: `upload-${++nextKey}`, file, sent: 0 }))]);
  };

  return { queue, messages, offer, busy: queue.length > 0 };
}
