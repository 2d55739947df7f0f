// /move-in: 'Flytta in recept'. Protected like /new-recipe (a signed-out visitor is sent to login and back; a
// signed-in visitor who is not an editor sees the screen and the API's 403 in Swedish). One file goes through
// three steps: the preview (nothing saved), the import with its progress, the result. A failure at any step says
// what happened and keeps the file chosen, so trying again needs no new choice.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  importCollection,
  logApiError,
  previewCollection,
  type CollectionPreview,
  type CollectionProgress,
  type CollectionReport,
} from '../../client/api.ts';
import { EditorPageTop, useEditorAccess } from '../../components/editor-access.tsx';
import Spinner from '../../components/spinner.tsx';
import { apiTokens, startAuth } from '../../stores/auth.ts';
import MoveInFile from './move-in-file.tsx';
import { failureOf, importableCount, nothingToImport, type Failure } from './move-in-messages.ts';
import MoveInPreview from './move-in-preview.tsx';
import MoveInProgress from './move-in-progress.tsx';
import MoveInReport from './move-in-report.tsx';
import { MOVE_IN_TEXT as TEXT } from './move-in-texts.ts';
import './move-in.css';

type Step =
  | { kind: 'none' }
  | { kind: 'reading' }
  | { kind: 'preview'; preview: CollectionPreview }
  | { kind: 'importing'; preview: CollectionPreview; progress: CollectionProgress }
  | { kind: 'done'; report: CollectionReport; progress: CollectionProgress };

/** What failed, and what 'Försök igen' runs again. */
type Problem = Failure & { again(): void };

/** `children`: the page's heading and introduction, placed after the toolbar. */
export default function MoveInScreen({ children }: { children?: ReactNode }) {
  const access = useEditorAccess();
  const [file, setFile] = useState<File | undefined>();
  const [step, setStep] = useState<Step>({ kind: 'none' });
  const [problem, setProblem] = useState<Problem | undefined>();
  // Each request takes a ticket; an answer whose ticket is no longer the last (another file chosen meanwhile)
  // is dropped, so a slow preview of the old file never replaces the new one's.
  const ticket = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const importing = step.kind === 'importing';

  // Leaving the page ends the import's answer: the browser asks first (the rest can be read in later).
  useEffect(() => {
    if (!importing) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older Chromium needs it set to ask
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [importing]);

  // A new step's heading takes the focus, so keyboard and screen-reader users land on what just appeared.
  useEffect(() => {
    if (step.kind !== 'none' && step.kind !== 'reading') heading.current?.focus();
  }, [step.kind]);

  const fail = (error: unknown, again: () => void) => {
    logApiError(error);
    setProblem({ ...failureOf(error), again });
  };

  const read = async (chosen: File) => {
    const mine = ++ticket.current;
    setFile(chosen);
    setProblem(undefined);
    setStep({ kind: 'reading' });
    try {
      await startAuth();
      const preview = await previewCollection(apiTokens, chosen, chosen.name);
      if (mine === ticket.current) setStep({ kind: 'preview', preview });
    } catch (error) {
      if (mine !== ticket.current) return;
      setStep({ kind: 'none' });
      fail(error, () => void read(chosen));
    }
  };

  const load = async (chosen: File, preview: CollectionPreview) => {
    const mine = ++ticket.current;
    setProblem(undefined);
    setStep({ kind: 'importing', preview, progress: { done: 0, total: preview.count.recipes } });
    const onProgress = (progress: CollectionProgress) =>
      setStep((now) => (now.kind === 'importing' ? { ...now, progress } : now));
    try {
      await startAuth();
      const report = await importCollection(apiTokens, chosen, chosen.name, onProgress);
      // The report means every recipe is done: the bar stays, full, above it.
      const total = report.imported.length + report.skipped.length;
      if (mine === ticket.current) setStep({ kind: 'done', report, progress: { done: total, total } });
    } catch (error) {
      if (mine !== ticket.current) return;
      setStep({ kind: 'preview', preview });
      fail(error, () => void load(chosen, preview));
    }
  };

  return (
    <>
      <EditorPageTop access={access}>{children}</EditorPageTop>
      {access === 'granted' ? (
        <div className="move-in">
          <MoveInFile file={file} disabled={importing} onFile={(chosen) => void read(chosen)} />
          {problem ? (
            <div className="move-in-failure">
              <p className="error-text" role="alert">
                {problem.message}
              </p>
              {problem.retry ? (
                <button type="button" className="button" onClick={problem.again}>
                  {TEXT.tryAgain}
                </button>
              ) : null}
            </div>
          ) : null}
          {step.kind === 'reading' ? <Spinner label={TEXT.reading} /> : null}
          {step.kind === 'preview' && file ? (
            <>
              <MoveInPreview preview={step.preview} headingRef={heading} />
              <ImportAction preview={step.preview} onImport={() => void load(file, step.preview)} />
            </>
          ) : null}
          {step.kind === 'importing' ? <MoveInProgress progress={step.progress} headingRef={heading} /> : null}
          {step.kind === 'done' ? (
            <>
              <MoveInProgress progress={step.progress} finished />
              <MoveInReport report={step.report} headingRef={heading} />
            </>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

function ImportAction({ preview, onImport }: { preview: CollectionPreview; onImport(): void }) {
  const nothing = nothingToImport(preview);
  if (nothing) return <p className="move-in-nothing">{nothing}</p>;
  return (
    <div className="move-in-actions">
      <button type="button" className="button button-primary" onClick={onImport}>
        {TEXT.importButton(importableCount(preview))}
      </button>
    </div>
  );
}
