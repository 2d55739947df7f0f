// 'Visa mängder' (issue 57, item 4): as the recipe is written, by weight ('Vikt (g)') or by volume ('Mått (dl)').
// Three choices, not an on/off switch: a recipe that weighs its flour and measures its sugar has three honest views,
// and 'as written' is the one to come back to. 'Vikt' and 'Mått' are the pair Swedish kitchens use ("Mått och vikt"
// tables); the unit in brackets says what each shows. Props only: the owner keeps the mode and draws the amounts
// (measuredAmounts), so the list and print stay the owner's markup.
import { useId } from 'react';
import { measuredIngredients, type MeasureMode } from '../../lib/densities.ts';
import type { Amounted } from '../../lib/kitchen-amount.ts';
import { TEXT } from './measures-texts.ts';

export type MeasureSwitchProps = {
  /** The ingredients as the list shows them (scaled, if they are). */
  ingredients: ReadonlyArray<Amounted>;
  mode: MeasureMode;
  onMode(mode: MeasureMode): void;
};

const CHOICES: ReadonlyArray<readonly [MeasureMode, string]> = [
  ['written', TEXT.written],
  ['weight', TEXT.weight],
  ['volume', TEXT.volume],
];

/** How many amounts each view converts: the switch is only offered where one does. */
export function convertibleCounts(ingredients: ReadonlyArray<Amounted>): { weight: number; volume: number } {
  const count = (mode: 'weight' | 'volume') => measuredIngredients(ingredients, mode).filter((i) => i.converted).length;
  return { weight: count('weight'), volume: count('volume') };
}

export function MeasureSwitch({ ingredients, mode, onMode }: MeasureSwitchProps) {
  const id = useId();
  const counts = convertibleCounts(ingredients);
  // Nothing in the table: no switch that would change nothing (and 'as written' is what the list shows).
  if (counts.weight === 0 && counts.volume === 0 && mode === 'written') return null;
  const note = mode === 'written' ? TEXT.writtenNote : TEXT.converted(counts[mode], mode);
  return (
    <fieldset className="measure-switch" aria-describedby={`${id}-note`}>
      <legend>{TEXT.switchLegend}</legend>
      <div className="measure-choices">
        {CHOICES.map(([value, label]) => (
          <label key={value} className="measure-choice">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onMode(value)}
            />
            {label}
          </label>
        ))}
      </div>
      <p className="measure-note" id={`${id}-note`} role="status">
        {note}
      </p>
    </fieldset>
  );
}
