// 'Läst text' beside the form after a scan (issue 56): the text read and the photos it was read from, side by side
// on a wide screen, so each field of the draft can be checked against both. Folded: most drafts need no look.
// The photos are the editor's own files (object URLs, let go when the part goes); the text is rendered as text.
import { useEffect, useState } from 'react';
import { SCAN_TEXT } from './scan-texts.ts';

export default function ScannedText({ text, pages }: { text: string; pages: readonly File[] }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = pages.map((page) => URL.createObjectURL(page));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [pages]);

  return (
    <details className="import-scanned">
      <summary>{SCAN_TEXT.scannedText}</summary>
      <p>{SCAN_TEXT.scannedTextHint}</p>
      <div className="import-scanned-body">
        <div className="import-scanned-photos">
          {urls.map((url, i) => (
            <img key={url} src={url} alt={SCAN_TEXT.photoOfPage(i + 1)} />
          ))}
        </div>
        <pre>{text}</pre>
      </div>
    </details>
  );
}
