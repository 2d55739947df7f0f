// 'Skala efter det du har' (issue 57, item 5): choose an ingredient, type what you have ('300 g'), and the whole
// recipe is scaled by that factor, the servings it makes said beside it ('≈ 2 ½ portioner'); 'Återställ' goes back.
// Props only: the owner shows the scaled ingredients it is handed (onScaled) in place of its own and goes back on
// undefined; the 'Portioner' selector stays as it is. The owner remounts the form (a React key) when the recipe it
// was given changes (another number of servings), as the amount typed was measured against the old one.
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatIngredientAmounts } from '../../lib/kitchen-amount.ts';
import { canScaleBy, scaleByAmount } from '../../lib/scale-by-amount.ts';
import { TEXT } from './measures-texts.ts';

type Ingredient = {
  name: string;
  quantity?: { value: number; unit: string } | undefined;
  doNotScale?: boolean | undefined;
};

/** What the owner shows while a scaling holds: the ingredients and the servings they make, in words. */
export type ScaledRecipe<T> = { factor: number; ingredients: T[]; servingsText: string };

export type ScaleByAmountFormProps<T extends Ingredient> = {
  /** The recipe as shown, at the servings chosen in 'Portioner'. */
  ingredients: ReadonlyArray<T>;
  servings: number;
  onScaled(scaled: ScaledRecipe<T> | undefined): void;
};

export function ScaleByAmountForm<T extends Ingredient>({
  ingredients,
  servings,
  onScaled,
}: ScaleByAmountFormProps<T>) {
  const id = useId();
  const amounts = formatIngredientAmounts(ingredients);
  const choices = ingredients.flatMap((ingredient, index) =>
    canScaleBy(ingredient)
      ? [{ index, label: `${ingredient.name} (${amounts[index] || ingredient.quantity?.value})` }]
      : [],
  );
  const [chosen, setChosen] = useState(choices[0]?.index ?? -1);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  if (choices.length === 0) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scaled = scaleByAmount({ servings, ingredients }, chosen, text);
    if (!scaled.ok) {
      setError(scaled.error);
      input.current?.focus(); // the message is the field's description: focus there reads it
      return;
    }
    setError(undefined);
    setResult(TEXT.result(scaled.factorText, scaled.servingsText));
    onScaled({ factor: scaled.factor, ingredients: scaled.ingredients, servingsText: scaled.servingsText });
  };
  const reset = () => {
    setText('');
    setError(undefined);
    setResult(result === undefined ? undefined : TEXT.resetNote);
    onScaled(undefined);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form className="scale-by-amount" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{TEXT.scaleLegend}</legend>
        <div className="scale-fields">
          <div className="field">
            <label htmlFor={`${id}-ingredient`}>{TEXT.ingredient}</label>
            <select
              id={`${id}-ingredient`}
              className="select"
              value={chosen}
              onChange={(e) => {
                setChosen(Number(e.target.value));
                setError(undefined);
              }}
            >
              {choices.map((c) => (
                <option key={c.index} value={c.index}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-amount`}>{TEXT.amount}</label>
            <input
              ref={input}
              id={`${id}-amount`}
              className="input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            />
            <p className="scale-hint" id={hintId}>
              {TEXT.amountHint}
            </p>
            {error && (
              <p className="error-text" id={errorId} role="alert">
                {error}
              </p>
            )}
          </div>
        </div>
        <div className="scale-actions">
          <button type="submit" className="button button-primary">
            {TEXT.scale}
          </button>
          <button type="button" className="button" onClick={reset}>
            {TEXT.reset}
          </button>
        </div>
        <p className="scale-result" role="status">
          {result}
        </p>
      </fieldset>
    </form>
  );
}
