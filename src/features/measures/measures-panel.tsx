// The panel 'Mått och vikt' opens on the recipe page: 'Visa mängder' and 'Skala efter det du har' together. It keeps
// the view and the scaling itself and hands the card what its list should show (onMeasured), so the card's own code,
// which every visitor loads at start, holds no more than the button and one state (decision 065). Closing the panel
// (unmounting it) hands back undefined: no converted or scaled amounts without the control that says so. Another
// number in 'Portioner' ends a scaling (the amount typed was measured against the old servings) and keeps the view.
import { useEffect, useState } from 'react';
import { measuredAmounts, type MeasureMode } from '../../lib/densities.ts';
import { canScaleBy } from '../../lib/scale-by-amount.ts';
import { convertibleCounts, MeasureSwitch } from './measure-switch.tsx';
import { TEXT } from './measures-texts.ts';
import { ScaleByAmountForm, type ScaledRecipe } from './scale-by-amount-form.tsx';

type Ingredient = {
  name: string;
  quantity?: { value: number; unit: string } | undefined;
  doNotScale?: boolean | undefined;
};

/** What the card's list shows while the panel is open: the ingredients, their amounts, the servings in words. */
export type Measured<T> = { ingredients: T[]; amounts: string[]; servingsText?: string };

export type MeasuresPanelProps<T extends Ingredient> = {
  /** The recipe as shown, at the servings chosen in 'Portioner'. */
  ingredients: T[];
  servings: number;
  onMeasured(measured: Measured<T> | undefined): void;
};

export function MeasuresPanel<T extends Ingredient>({ ingredients, servings, onMeasured }: MeasuresPanelProps<T>) {
  const [mode, setMode] = useState<MeasureMode>('written');
  const [scaled, setScaled] = useState<ScaledRecipe<T>>();
  // Reset while rendering (React's way for state that follows a prop), so no frame shows the old scaling.
  const [scaledFor, setScaledFor] = useState(servings);
  if (scaledFor !== servings) {
    setScaledFor(servings);
    setScaled(undefined);
  }
  const shown = scaled?.ingredients ?? ingredients;
  useEffect(() => {
    onMeasured({ ingredients: shown, amounts: measuredAmounts(shown, mode), servingsText: scaled?.servingsText });
  }, [shown, mode, scaled, onMeasured]);
  useEffect(() => () => onMeasured(undefined), [onMeasured]);
  // A recipe with no amount the table knows and none to scale by: the panel says so rather than open on nothing.
  const counts = convertibleCounts(ingredients);
  if (counts.weight === 0 && counts.volume === 0 && !ingredients.some(canScaleBy))
    return <p className="measures notice">{TEXT.nothingToMeasure}</p>;
  return (
    <div className="measures">
      <MeasureSwitch ingredients={shown} mode={mode} onMode={setMode} />
      <ScaleByAmountForm key={servings} ingredients={ingredients} servings={servings} onScaled={setScaled} />
    </div>
  );
}
