// Navigation bar: 'Skapa konto' + 'Logga in' when signed out, a username menu when signed in (for editors with
// 'Flytta in recept', issue 38).
// Renders an empty, fixed-size slot while the session check runs so neither set flashes in.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { $auth, PRERENDERED_AUTH, login, logout, register, startAuth } from '../../stores/auth.ts';
import { useIslandStore } from '../../stores/use-island-store.ts';
import { MOVE_IN_HREF, TRASH_HREF } from '../../lib/routes.ts';

function report(action: () => Promise<void>) {
  return () => {
    action().catch((error: unknown) => console.error('Sign-in action failed', error));
  };
}

export default function NavMenu() {
  const auth = useIslandStore($auth, PRERENDERED_AUTH);
  useEffect(() => {
    void startAuth();
  }, []);

  if (auth.status === 'loading') return <span className="nav-placeholder" aria-hidden="true" />;
  if (auth.status === 'signed-out') {
    return (
      <div className="nav-actions">
        <button type="button" className="button button-quiet" onClick={report(register)}>
          Skapa konto
        </button>
        <button type="button" className="button button-primary" onClick={report(() => login())}>
          Logga in
        </button>
      </div>
    );
  }
  return <UserMenu username={auth.username} isEditor={auth.isEditor} />;
}

function UserMenu({ username, isEditor }: { username: string; isEditor: boolean }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  // Focus the first item once the panel exists (opened by keyboard or mouse alike).
  useEffect(() => {
    if (open) focusItem(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focusItem only reads the DOM; `open` is the trigger.
  }, [open]);

  // A click anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(current + 1),
      ArrowUp: () => focusItem(current - 1),
      Home: () => focusItem(0),
      End: () => focusItem(all.length - 1),
      ' ': () => all[current]?.click(),
      Escape: () => close(true),
      Tab: () => setOpen(false),
    };
    const move = moves[e.key];
    if (!move) return;
    if (e.key !== 'Tab') e.preventDefault();
    move();
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="button menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        <span className="username">{username}</span>
        <svg className="chevron" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
          <path d="M3 5l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <ul
          id="user-menu"
          ref={panelRef}
          className="menu-panel"
          role="menu"
          aria-label={username}
          onKeyDown={onMenuKey}
        >
          {isEditor ? (
            <li role="none">
              <a role="menuitem" className="menu-item" href={MOVE_IN_HREF} tabIndex={-1}>
                Flytta in recept
              </a>
            </li>
          ) : null}
          {isEditor ? (
            <li role="none">
              <a role="menuitem" className="menu-item" href={TRASH_HREF} tabIndex={-1}>
                Papperskorg
              </a>
            </li>
          ) : null}
          <li role="none">
            <a role="menuitem" className="menu-item" href="/profile" tabIndex={-1}>
              Profil
            </a>
          </li>
          <li role="none">
            <button type="button" role="menuitem" className="menu-item" tabIndex={-1} onClick={report(logout)}>
              Logga ut
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
