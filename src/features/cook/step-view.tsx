// One step at a time (issue 57 item 2): the step in large type with its timers and its tick, the ingredients it
// names beside it (step-ingredients.ts), and the next or previous step by swiping (pointer events), by the arrow
// keys and by two large buttons. The ticks are cook mode's own (src/features/details/cook-mode.ts), so the list
// and this view show the same.
import { useEffect, useRef } from 'react';
import type { Recipe } from '../../client/api.ts';
import { ingredientsInStep } from './step-ingredients.ts';
import { StepTimers } from './step-timers.tsx';

/** A swipe: this far sideways (CSS px), and more sideways than up or down. */
const SWIPE = 50;

/** Keys typed into a field are the field's: arrows move a caret or change a choice there. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)
    return true;
  return target instanceof HTMLInputElement && !['checkbox', 'button', 'submit'].includes(target.type);
}

export type StepViewProps = {
  steps: readonly string[];
  index: number;
  onIndex(index: number): void;
  ingredients: Recipe['ingredients'];
  amounts: readonly string[];
  ticked: ReadonlySet<string>;
  onTick(key: string): void;
  timersKey: string;
};

export function StepView({ steps, index, onIndex, ingredients, amounts, ticked, onTick, timersKey }: StepViewProps) {
  const step = steps[index] ?? '';
  const last = steps.length - 1;
  const go = (to: number) => onIndex(Math.min(Math.max(to, 0), last));
  const goRef = useRef(go);
  goRef.current = go;
  const indexRef = useRef(index);
  indexRef.current = index;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      if (e.key === 'ArrowRight') goRef.current(indexRef.current + 1);
      else if (e.key === 'ArrowLeft') goRef.current(indexRef.current - 1);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const down = useRef<{ x: number; y: number; id: number }>(undefined);
  const named = ingredientsInStep(
    step,
    ingredients.map((i) => i.name),
  );

  return (
    <section
      className="step-view"
      aria-labelledby="step-view-heading"
      onPointerDown={(e) => (down.current = { x: e.clientX, y: e.clientY, id: e.pointerId })}
      onPointerCancel={() => (down.current = undefined)}
      onPointerUp={(e) => {
        const from = down.current;
        down.current = undefined;
        if (!from || from.id !== e.pointerId) return;
        const dx = e.clientX - from.x;
        const dy = e.clientY - from.y;
        if (Math.abs(dx) >= SWIPE && Math.abs(dx) > 1.5 * Math.abs(dy)) go(index + (dx < 0 ? 1 : -1));
      }}
    >
      <div className="step-view-main" aria-live="polite">
        <h2 id="step-view-heading">
          Steg {index + 1} av {steps.length}
        </h2>
        <p className="step-view-text">{step}</p>
      </div>
      <div className="step-view-tools">
        <StepTimers timersKey={timersKey} number={index + 1} step={step} />
        <label className="tick step-done">
          <input type="checkbox" checked={ticked.has(`s${index}`)} onChange={() => onTick(`s${index}`)} />
          <span>Steg {index + 1} klart</span>
        </label>
      </div>
      {named.length > 0 && (
        <div className="step-view-ingredients">
          <h3>Ingredienser i steget</h3>
          <ul>
            {named.map((i) => (
              <li key={i}>
                <label className="tick">
                  <input type="checkbox" checked={ticked.has(`i${i}`)} onChange={() => onTick(`i${i}`)} />
                  <span className="amount">{amounts[i]}</span> <span>{ingredients[i]?.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="step-view-nav">
        <button type="button" className="button" disabled={index <= 0} onClick={() => go(index - 1)}>
          <span aria-hidden="true">← </span>Föregående steg
        </button>
        <button type="button" className="button button-primary" disabled={index >= last} onClick={() => go(index + 1)}>
          Nästa steg<span aria-hidden="true"> →</span>
        </button>
      </div>
    </section>
  );
}
