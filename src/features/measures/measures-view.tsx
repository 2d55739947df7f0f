// 'Mått och vikt' (issue 57, items 4 and 5), loaded with import() only when the visitor asks for it, so the recipe
// page's start carries none of it (docs/decisions/065-budget-for-code-loaded-on-demand.md): the density table, the
// 'Visa mängder' choice and 'Skala efter det du har'. The owner (RecipeCard, src/features/details/recipe-details.tsx)
// keeps the mode and the scaled recipe, and draws its list with measuredAmounts (docs/densities.md, 'On the page').
import './measures.css';

export { measuredAmounts, type MeasureMode } from '../../lib/densities.ts';
export { MeasureSwitch, convertibleCounts, type MeasureSwitchProps } from './measure-switch.tsx';
export { ScaleByAmountForm, type ScaleByAmountFormProps, type ScaledRecipe } from './scale-by-amount-form.tsx';
export { MeasuresPanel, type Measured, type MeasuresPanelProps } from './measures-panel.tsx';
