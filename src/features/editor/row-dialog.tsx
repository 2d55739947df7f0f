// What the ingredient and heading dialogs share: a modal that only its own buttons close (Escape and clicks on
// the backdrop do nothing), its title, and a form mounted per opening. Radix traps focus; on close the caller
// places it (rows open the dialog without a Dialog.Trigger to return to).
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { DialogOverlay } from '../../components/dialog-overlay.tsx';

type Props = {
  open: boolean;
  title: string;
  /** The narrow dialog (a heading has one field). */
  small?: boolean;
  onCloseAutoFocus?(event: Event): void;
  /** The form, rendered only while open so it starts from the item's values every time. */
  children: ReactNode;
};

const keep = (e: Event) => e.preventDefault();

export default function RowDialog({ open, title, small, onCloseAutoFocus, children }: Props) {
  return (
    <Dialog.Root open={open}>
      <Dialog.Portal>
        <DialogOverlay className="editor-overlay" />
        <Dialog.Content
          className={small ? 'editor-dialog editor-dialog-small' : 'editor-dialog'}
          aria-describedby={undefined}
          onEscapeKeyDown={keep}
          onPointerDownOutside={keep}
          onInteractOutside={keep}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <Dialog.Title>{title}</Dialog.Title>
          {open ? children : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
