// The HTML of the recipe plugins most recipe sites are made with. Their class names are stable and name every
// part of a recipe card, ingredient groups included (which no structured data has), so one table reads what a
// site's own scraper would, without per-site code. The first plugin whose ingredients are on the page is read.
import { DomUtils } from 'htmlparser2';
import { minutesFromText } from '../../../src/lib/step-durations.ts';
import { nodeText, type PageDocument, type PageElement, type PageNode } from '../../drafts/html-text.ts';
import type { RecipeParts } from '../../drafts/recipe-draft.ts';
import { firstByClass, groupsIn, hasClass, looksLikeHeading } from './page-dom.ts';

export type PluginRecipe = RecipeParts & { plugin: string; name?: string };

type Plugin = {
  plugin: string;
  card?: string[];
  name?: string[];
  ingredients: string[];
  ingredient: (element: PageElement) => boolean;
  heading?: (element: PageElement) => boolean;
  steps: string[];
  step: (element: PageElement) => boolean;
  servings?: string[];
  prepTime?: string[];
  totalTime?: string[];
  image?: string[];
};

const tag = (name: string) => (e: PageElement) => e.name === name;
const cls =
  (...names: string[]) =>
  (e: PageElement) =>
    names.some((n) => hasClass(e, n));

const PLUGINS: Plugin[] = [
  {
    plugin: 'WP Recipe Maker',
    card: ['wprm-recipe-container', 'wprm-recipe'],
    name: ['wprm-recipe-name'],
    ingredients: ['wprm-recipe-ingredients-container', 'wprm-recipe-ingredients'],
    ingredient: cls('wprm-recipe-ingredient'),
    heading: cls('wprm-recipe-group-name'),
    steps: ['wprm-recipe-instructions-container', 'wprm-recipe-instructions'],
    step: cls('wprm-recipe-instruction-text'),
    servings: ['wprm-recipe-servings-with-unit', 'wprm-recipe-servings'],
    prepTime: ['wprm-recipe-prep-time-container', 'wprm-recipe-prep_time-container'],
    totalTime: ['wprm-recipe-total-time-container', 'wprm-recipe-total_time-container'],
    image: ['wprm-recipe-image'],
  },
  {
    plugin: 'Tasty Recipes',
    card: ['tasty-recipes'],
    name: ['tasty-recipes-title'],
    ingredients: ['tasty-recipes-ingredients-body', 'tasty-recipes-ingredients', 'tasty-recipe-ingredients'],
    ingredient: tag('li'),
    steps: ['tasty-recipes-instructions-body', 'tasty-recipes-instructions', 'tasty-recipe-instructions'],
    step: tag('li'),
    servings: ['tasty-recipes-yield'],
    prepTime: ['tasty-recipes-prep-time'],
    totalTime: ['tasty-recipes-total-time'],
    image: ['tasty-recipes-image'],
  },
  {
    plugin: 'Mediavine Create',
    card: ['mv-create-card'],
    name: ['mv-create-title'],
    ingredients: ['mv-create-ingredients'],
    ingredient: tag('li'),
    steps: ['mv-create-instructions'],
    step: tag('li'),
    servings: ['mv-create-yield'],
    prepTime: ['mv-create-time-prep'],
    totalTime: ['mv-create-time-total'],
    image: ['mv-create-image'],
  },
  {
    plugin: 'WPZoom Recipe Card',
    card: ['wp-block-wpzoom-recipe-card-block-recipe-card'],
    name: ['recipe-card-title'],
    ingredients: ['recipe-card-ingredients'],
    ingredient: (e) => hasClass(e, 'ingredient-item') && !hasClass(e, 'ingredient-item-group'),
    heading: cls('ingredient-item-group'),
    steps: ['recipe-card-directions'],
    step: (e) => hasClass(e, 'direction-step') && !hasClass(e, 'direction-step-group'),
    image: ['recipe-card-image'],
  },
  {
    plugin: 'Zip Recipes',
    card: ['zrdn-recipe-container', 'zlrecipe-container'],
    name: ['zrdn-recipe-title', 'zlrecipe-title'],
    ingredients: ['zrdn-ingredients', 'zlrecipe-ingredients-list'],
    ingredient: tag('li'),
    steps: ['zrdn-instructions', 'zlrecipe-instructions-list'],
    step: tag('li'),
    servings: ['zrdn-yield'],
  },
  {
    plugin: 'EasyRecipe',
    card: ['easyrecipe'],
    name: ['ERSName'],
    ingredients: ['ERSIngredients'],
    ingredient: cls('ingredient'),
    steps: ['ERSInstructions'],
    step: cls('instruction'),
    servings: ['yield'],
    prepTime: ['preptime'],
    totalTime: ['duration'],
  },
  {
    plugin: 'Cooked',
    ingredients: ['cooked-recipe-ingredients'],
    ingredient: cls('cooked-ingredient'),
    heading: cls('cooked-heading'),
    steps: ['cooked-recipe-directions'],
    step: cls('cooked-direction'),
  },
  {
    plugin: 'Delicious Recipes',
    ingredients: ['dr-ingredients-list'],
    ingredient: (e) => e.name === 'li',
    steps: ['dr-instructions'],
    step: cls('dr-instruction'),
  },
  {
    // The hRecipe microformat (Yummly's format, older plugins, microformats2's h-recipe).
    plugin: 'hRecipe',
    card: ['hrecipe', 'h-recipe'],
    name: ['fn', 'p-name'],
    ingredients: ['hrecipe', 'h-recipe'],
    ingredient: cls('ingredient', 'p-ingredient'),
    steps: ['instructions', 'e-instructions'],
    step: tag('li'),
    servings: ['yield', 'p-yield'],
    prepTime: ['preptime', 'dt-prep-time'],
    totalTime: ['duration', 'dt-duration'],
  },
];

/** The recipe card of the first plugin whose ingredients are on the page; undefined when none is. */
export function pluginRecipe(page: PageDocument): PluginRecipe | undefined {
  for (const plugin of PLUGINS) {
    const card = plugin.card ? firstByClass(page, plugin.card) : undefined;
    const scope: PageNode[] = card ? [card] : page.children;
    const ingredients = firstByClass(scope, plugin.ingredients) ?? firstByClass(page, plugin.ingredients);
    if (!ingredients) continue;
    const groups = groupsIn(ingredients, plugin.ingredient, plugin.heading ?? looksLikeHeading);
    if (groups.length === 0) continue;
    const stepsRoot = firstByClass(scope, plugin.steps) ?? firstByClass(page, plugin.steps);
    let steps = stepsRoot ? stepLines(stepsRoot, plugin.step) : [];
    // Some cards write their steps as paragraphs rather than list items.
    if (steps.length === 0 && stepsRoot) steps = stepLines(stepsRoot, tag('p'));
    const text = (classes?: string[]) => {
      const element = classes && firstByClass(scope, classes);
      return element ? nodeText(element) : undefined;
    };
    const name = text(plugin.name);
    const servingsText = text(plugin.servings);
    const prepTime = minutesFromText(text(plugin.prepTime));
    const totalTime = minutesFromText(text(plugin.totalTime));
    const imageUrl = imageOf(plugin.image && firstByClass(scope, plugin.image));
    return {
      plugin: plugin.plugin,
      ...(name ? { name } : {}),
      groups,
      steps,
      ...(servingsText ? { servingsText } : {}),
      ...(prepTime === undefined ? {} : { prepTime }),
      ...(totalTime === undefined ? {} : { totalTime }),
      ...(imageUrl ? { imageUrl } : {}),
    };
  }
  return undefined;
}

// The steps as lines, a group's name (a heading among the steps) as a line before its steps.
function stepLines(root: PageElement, isStep: (element: PageElement) => boolean): string[] {
  return groupsIn(root, isStep).flatMap((group) => [...(group.heading ? [group.heading] : []), ...group.lines]);
}

function imageOf(element: PageElement | undefined): string | undefined {
  if (!element) return undefined;
  const img = element.name === 'img' ? element : DomUtils.findOne((e) => e.name === 'img', element.children);
  if (!img) return undefined;
  const a = img.attribs;
  const url = [a['data-lazy-src'], a['data-src'], a.src].find((u) => u && !u.startsWith('data:'));
  return url?.trim() || undefined;
}
