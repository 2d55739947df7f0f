// 'Vill du ta bort {name}?' with 'Avbryt' and 'Ta bort'. A failed delete keeps the dialog open and
// shows the section 8 message inside it; success closes it and the page goes to '/'.
import * as Dialog from '@radix-ui/react-dialog';
import { DialogOverlay } from '../../components/dialog-overlay.tsx';
import { useState } from 'react';
import { deleteRecipe, logApiError, userMessage } from '../../client/api.ts';
import { apiTokens } from '../../stores/auth.ts';
import { TEXT } from './texts.ts';

type Props = {
  recipeId: number;
  recipeName: string;
  /** Called after the server confirmed the delete. */
  onDeleted(): void;
};

export default function DeleteDialog({ recipeId, recipeName, onDeleted }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await deleteRecipe(apiTokens, recipeId);
      setOpen(false);
      onDeleted();
    } catch (e) {
      logApiError(e);
      setError(userMessage(e));
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return; // a delete in flight cannot be dismissed half way
        setOpen(next);
        if (next) setError(undefined);
      }}
    >
      <Dialog.Trigger className="button button-danger">{TEXT.deleteRecipe}</Dialog.Trigger>
      <Dialog.Portal>
        <DialogOverlay className="editor-overlay" />
        <Dialog.Content className="editor-dialog editor-dialog-small" role="alertdialog">
          <Dialog.Title>{TEXT.deleteTitle}</Dialog.Title>
          <Dialog.Description>{TEXT.deleteQuestion(recipeName)}</Dialog.Description>
          {error ? (
            <p className="error-text" role="alert">
              {error}
            </p>
          ) : null}
          <div className="editor-dialog-actions">
            <Dialog.Close className="button" disabled={busy}>
              {TEXT.cancel}
            </Dialog.Close>
            <button type="button" className="button button-danger-solid" disabled={busy} onClick={() => void confirm()}>
              {TEXT.remove}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
