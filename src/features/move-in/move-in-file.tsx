// 'Exportfil': the one file to move in, chosen with the button (keyboard, a phone's picker) or dropped on the
// zone. The chosen file's name stays in view: every step after it (preview, import, a retry) uses this file.
import { useId, useRef, useState } from 'react';
import { sizeText } from '../../lib/byte-size.ts';
import { useFileDrop } from '../photos/use-file-drop.ts';
import { MOVE_IN_TEXT as TEXT } from './move-in-texts.ts';

type Props = { file?: File; disabled: boolean; onFile(file: File): void };

export default function MoveInFile({ file, disabled, onFile }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dropProblem, setDropProblem] = useState<string | undefined>();
  const id = useId();
  const take = (files: File[]) => {
    if (disabled) return;
    const [only] = files;
    if (!only || files.length > 1) {
      setDropProblem(TEXT.oneFileOnly);
      return;
    }
    setDropProblem(undefined);
    onFile(only);
  };
  const { over, handlers } = useFileDrop(take);

  return (
    <section className="move-in-file" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{TEXT.fileHeading}</h2>
      <div className={over && !disabled ? 'drop-zone move-in-drop is-over' : 'drop-zone move-in-drop'} {...handlers}>
        <p className="drop-zone-text">{over && !disabled ? TEXT.dropFile : TEXT.dragFileHere}</p>
        <button
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={file ? `${id}-chosen` : undefined}
        >
          {file ? TEXT.chooseOtherFile : TEXT.chooseFile}
        </button>
        {/* No `accept`: the apps' extensions (.paprikarecipes, .json-ld) are unknown to phones' pickers, which
            would grey the files out; the server tells the format by the content. */}
        <input
          ref={input}
          type="file"
          hidden
          onChange={(event) => {
            take([...(event.target.files ?? [])]);
            event.target.value = ''; // the same file chosen again (after an error, or to import it again) is a change
          }}
        />
      </div>
      {file ? (
        <p className="move-in-chosen" id={`${id}-chosen`}>
          {TEXT.chosenFile(file.name, sizeText(file.size))}
        </p>
      ) : null}
      {dropProblem ? (
        <p className="error-text move-in-drop-problem" role="alert">
          {dropProblem}
        </p>
      ) : null}
    </section>
  );
}
