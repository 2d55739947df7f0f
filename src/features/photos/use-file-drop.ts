// Files dragged from the desktop onto the form: the form takes them (`handlers` go on the <form>) and `over`
// lights the photo field's drop zone while they hover. Dropped anywhere else on the page they are ignored;
// the browser would otherwise open the file in place of the page and the form would be gone.
import { useEffect, useRef, useState, type DragEvent } from 'react';

const carriesFiles = (event: { dataTransfer: DataTransfer | null }) =>
  event.dataTransfer?.types.includes('Files') ?? false;

export function useFileDrop(onFiles: (files: File[]) => void) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them to know when the files left the form.
  const depth = useRef(0);

  useEffect(() => {
    // Runs after the form's handlers (the window is the last stop of a bubbling event): the form took it already.
    const ignore = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'none'; // the pointer says "not here"
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);

  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setOver(true);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault(); // "this is a drop target"
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      onFiles([...event.dataTransfer.files]);
    },
  };
  return { over, handlers };
}
