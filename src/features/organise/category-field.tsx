// 'Kategorier': the recipe's categories as chips, each with its remove button, and a field that adds one on
// Enter, on a comma or with its button. Suggestions are the categories already in use (GET /categories, a
// <datalist>); a category already there in another letter case is not added again, and one in use elsewhere
// keeps the spelling it has there.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useController, type Control, type FieldError } from 'react-hook-form';
import { listCategories } from '../../client/api.ts';
import { categoryKey, tidyCategory } from '../../lib/organise.ts';
import { categorySchema } from '../../lib/recipe-schema.ts';
import { apiTokens } from '../../stores/auth.ts';
import type { EditorValues } from '../editor/recipe-form-values.ts';
import { TEXT } from '../editor/texts.ts';

/** The categories in use, most used first; none when they cannot be read (the field still works). */
function useCategorySuggestions(): readonly string[] {
  const [names, setNames] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    listCategories(apiTokens)
      .then((found) => live && setNames(found.map((c) => c.name)))
      .catch((error: unknown) => console.error('Could not load categories', error));
    return () => {
      live = false;
    };
  }, []);
  return names;
}

/**
 * The list after adding `typed`: unchanged when it is there already in any letter case; a category in use
 * elsewhere is added with the spelling it has there.
 */
export function withCategory(current: readonly string[], typed: string, known: readonly string[]): string[] {
  const key = categoryKey(typed);
  if (key === '' || current.some((c) => categoryKey(c) === key)) return [...current];
  return [...current, known.find((k) => categoryKey(k) === key) ?? tidyCategory(typed)];
}

const isFieldError = (e: unknown): e is FieldError =>
  typeof e === 'object' && e !== null && typeof (e as FieldError).message === 'string';

export default function CategoryField({ control }: { control: Control<EditorValues, unknown, unknown> }) {
  const { field, fieldState } = useController({ control, name: 'categories' });
  const categories: string[] = field.value ?? [];
  const known = useCategorySuggestions();
  const [text, setText] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The list's own rule (at most 20) or a stored category the rules refuse (an imported one), else what was typed.
  const error = fieldState.error as (FieldError & Partial<Record<number, FieldError>>) | undefined;
  const listError = error?.message ?? Object.values(error ?? {}).find((e: unknown) => isFieldError(e))?.message;
  const shown = typedError ?? listError;

  const set = (next: string[]) => field.onChange(next);

  const add = (typed: string) => {
    if (typed.trim() === '') return;
    const checked = categorySchema.safeParse(tidyCategory(typed));
    if (!checked.success) {
      setTypedError(checked.error.issues[0]?.message);
      setText(typed);
      return;
    }
    setTypedError(undefined);
    set(withCategory(categories, checked.data, known));
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter would submit the recipe form; a comma separates categories.
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    }
  };

  const onChange = (value: string) => {
    setTypedError(undefined);
    // A pasted 'Bakning, Fika' adds all but the part still being written. A part that cannot be a category stays in
    // the field with its message, nothing of it lost; empty parts (',,') are only separators.
    const parts = value.split(',');
    if (parts.length === 1) return setText(value);
    let next = categories;
    const refused: string[] = [];
    let message: string | undefined;
    for (const part of parts.slice(0, -1)) {
      if (part.trim() === '') continue;
      const checked = categorySchema.safeParse(tidyCategory(part));
      if (checked.success) next = withCategory(next, checked.data, known);
      else {
        refused.push(part.trim());
        message ??= checked.error.issues[0]?.message;
      }
    }
    set(next);
    const last = parts.at(-1) ?? '';
    setText(refused.length === 0 ? last : [...refused, ...(last.trim() === '' ? [] : [last.trim()])].join(', '));
    if (message) setTypedError(message);
  };

  const suggestions = known.filter((k) => !categories.some((c) => categoryKey(c) === categoryKey(k)));

  return (
    <div className="field editor-field editor-categories">
      <label htmlFor={id}>{TEXT.categories}</label>
      {categories.length > 0 ? (
        <ul className="category-chips" aria-label={TEXT.chosenCategories}>
          {categories.map((c) => (
            <li key={categoryKey(c)} className="category-chip">
              <span>{c}</span>
              <button
                type="button"
                className="category-chip-remove"
                aria-label={TEXT.removeCategory(c)}
                onClick={() => {
                  set(categories.filter((other) => other !== c));
                  input.current?.focus(); // its button is gone: focus goes to the field, not to the page's top
                }}
              >
                <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                  <path d="M2 2l8 8M10 2l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="editor-hint" id={hintId}>
        {TEXT.categoriesHint}
      </p>
      <div className="editor-category-add">
        <input
          ref={input}
          id={id}
          className="input"
          type="text"
          list={`${id}-suggestions`}
          autoComplete="off"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={field.onBlur}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${errorId} ${hintId}` : hintId}
        />
        <button type="button" className="button" onClick={() => add(text)}>
          {TEXT.addCategory}
        </button>
      </div>
      <datalist id={`${id}-suggestions`}>
        {suggestions.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      {shown ? (
        <p className="editor-field-error" id={errorId}>
          {shown}
        </p>
      ) : null}
    </div>
  );
}
