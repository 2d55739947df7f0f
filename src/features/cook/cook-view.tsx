// Cook mode's tools (issue 57 items 1-3), loaded with import() only when cook mode opens, so the recipe page's start
// carries none of it (docs/decisions/065-budget-for-code-loaded-on-demand.md): the screen kept awake, the one-step
// view, 'Läs upp' and the timers. RecipeCard (src/features/details/recipe-details.tsx) draws CookPanel under the
// 'Matlagningsläge' button and StepTimers after each step of the list; both read the same timers and ticks.
import type { Recipe } from '../../client/api.ts';
import { useReadAloud } from './read-aloud.ts';
import { ingredientsInStep } from './step-ingredients.ts';
import { StepView } from './step-view.tsx';
import { useStepView } from './step-view-state.ts';
import { timersKey } from './cook-timers.ts';
import { RunningTimers, TimerList } from './timer-list.tsx';
import { useWakeLock } from './wake-lock.ts';

export { StepTimers } from './step-timers.tsx';
export { timersKey } from './cook-timers.ts';

export type CookPanelProps = {
  recipe: Recipe;
  /** The recipe's steps and its ingredients' amounts as the card shows them (passed, not recomputed here: the
   * modules that make them stay in the page's start code, none of them is drawn into this chunk). */
  steps: readonly string[];
  amounts: readonly string[];
  ticked: ReadonlySet<string>;
  onTick(key: string): void;
};

/** Cook mode's panel while cooking; with cook mode closed, only the recipe's timers (an end still rings). */
export function CookTools({ cooking, ...panel }: CookPanelProps & { cooking: boolean }) {
  return cooking ? <CookPanel {...panel} /> : <RunningTimers timersKey={timersKey(panel.recipe.id)} />;
}

export function CookPanel({ recipe, steps, amounts, ticked, onTick }: CookPanelProps) {
  const wakeLock = useWakeLock();
  const key = timersKey(recipe.id);
  // The one-step view: the step it shows, none while it is closed; kept in this tab across a reload.
  const [shown, setShown] = useStepView(recipe);
  const oneStep = shown !== undefined;
  const { speaking, note, read, stop } = useReadAloud();

  // The step being cooked: the one shown in the one-step view, else the first not ticked (the list's framed one).
  const open = Math.max(
    steps.findIndex((_, i) => !ticked.has(`s${i}`)),
    0,
  );
  const current = Math.min(shown ?? open, Math.max(steps.length - 1, 0));
  const step = steps[current];
  const named =
    step === undefined
      ? []
      : ingredientsInStep(
          step,
          recipe.ingredients.map((i) => i.name),
        );
  const spoken = (named.length > 0 ? named : recipe.ingredients.map((_, i) => i)).map((i) =>
    `${amounts[i] ?? ''} ${recipe.ingredients[i]?.name ?? ''}`.trim(),
  );

  return (
    <>
      {wakeLock === 'held' && <span className="notice">Skärmen hålls tänd</span>}
      {wakeLock === 'unavailable' && <span className="notice">Skärmen kan inte hållas tänd i den här webbläsaren</span>}
      <div className="cook-controls">
        {steps.length > 0 && (
          <button
            type="button"
            className="button"
            aria-pressed={oneStep}
            onClick={() => setShown(oneStep ? undefined : current)}
          >
            Ett steg i taget
          </button>
        )}
        {speaking ? (
          <button type="button" className="button" onClick={stop}>
            Sluta läsa
          </button>
        ) : (
          <>
            {step !== undefined && (
              <button type="button" className="button" onClick={() => read(`Steg ${current + 1}. ${step}`)}>
                Läs upp
              </button>
            )}
            {spoken.length > 0 && (
              <button type="button" className="button" onClick={() => read(`Ingredienser: ${spoken.join(', ')}.`)}>
                Läs upp ingredienserna
              </button>
            )}
          </>
        )}
        {note && <p className="notice">{note}</p>}
      </div>
      {oneStep && steps.length > 0 && (
        <StepView
          steps={steps}
          index={current}
          onIndex={setShown}
          ingredients={recipe.ingredients}
          amounts={amounts}
          ticked={ticked}
          onTick={onTick}
          timersKey={key}
        />
      )}
      <TimerList timersKey={key} />
    </>
  );
}
