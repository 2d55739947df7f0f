import type { Locator } from '@playwright/test';
import { cameraJpeg, photoLike } from '../../server/photos/photo-fixtures.ts';

// Pictures for the editor's photo field, made with sharp as the server's photo tests make theirs (no binary
// fixtures in the repository), and the two ways a browser hands files to a page without its file chooser.

export type PictureFile = { name: string; mimeType: string; buffer: Buffer };

/** A camera JPEG held sideways, with EXIF orientation and GPS (the server drops both). */
export async function cameraPicture(name = 'kamera.jpg'): Promise<PictureFile> {
  return { name, mimeType: 'image/jpeg', buffer: await cameraJpeg() };
}

/** A small photo-like JPEG; each call draws new noise, so every picture is a different file. */
export async function smallPicture(name: string): Promise<PictureFile> {
  return { name, mimeType: 'image/jpeg', buffer: await photoLike(320, 240).jpeg({ quality: 80 }).toBuffer() };
}

/** A text file named like a JPEG: the browser calls it image/jpeg, the server reads its bytes. */
export function textAsJpeg(name = 'inte-en-bild.jpg'): PictureFile {
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from('Det här är ingen bild, bara text.\n') };
}

type Wire = { name: string; mimeType: string; base64: string };
const toWire = (f: PictureFile): Wire => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString('base64') });

/** Pastes the files into `target` (a focused field) as a clipboard holding them would. */
export async function pasteFiles(target: Locator, files: PictureFile[]): Promise<void> {
  await target.focus();
  await target.evaluate((element, wire: Wire[]) => {
    const data = new DataTransfer();
    for (const f of wire) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], f.name, { type: f.mimeType }));
    }
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, files.map(toWire));
}

/**
 * Drags the files from outside the page onto `target`: dragenter and dragover, then `beforeDrop` (to look at
 * the drop zone while the files hover), then drop, each with the same DataTransfer, as the browser sends them.
 */
export async function dropFiles(target: Locator, files: PictureFile[], beforeDrop?: () => Promise<void>) {
  const data = await target.evaluateHandle((_, wire: Wire[]) => {
    const transfer = new DataTransfer();
    for (const f of wire) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], f.name, { type: f.mimeType }));
    }
    return transfer;
  }, files.map(toWire));
  await target.dispatchEvent('dragenter', { dataTransfer: data });
  await target.dispatchEvent('dragover', { dataTransfer: data });
  await beforeDrop?.();
  await target.dispatchEvent('drop', { dataTransfer: data });
  await data.dispose();
}
