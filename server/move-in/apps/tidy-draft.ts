// A moved-in recipe made ready to cook from (issue 54): the other app's habits undone on the draft that every import's
// rules made (server/drafts/), so every format is tidied by the same rules (docs/moving-in.md says them):
// - a step loses the number the app wrote before it ("1. 1. Bring ..." on the recipe page): the page numbers steps;
// - a line among the ingredients that is a setting ("Type of fire: Direct") goes first into the steps, and a line
//   that is a heading ("SAUCE", "For the glaze") heads the ingredients after it;
// - a note's amount that only restates the ingredient's amount in another measure ("2 oz, 57 g" beside 55 g) goes,
//   and every decimal number in a note or a name gets a Swedish decimal comma ("1.5 cup" -> "1,5 cup");
// - source lines and links among the steps go to 'Källa', and every link loses what tracks (tracking-link.ts);
// - a time that cannot be right (a total under the preparation, a few minutes for a long recipe) is kept as the app
//   had it, but the recipe is listed to look at ('Granska') with why.
// What was moved is said in the recipe's notes; what a person should check is its `review`.
import { formatMinutes, MAX_HEADING, MAX_SOURCE_NAME, MAX_SOURCE_URL } from '../../../src/lib/organise.ts';
import { ALLOWED_CHARACTERS, characterCount } from '../../../src/lib/text-rules.ts';
import type { ImportedRecipe } from '../../drafts/recipe-draft.ts';
import { ingredientLine } from '../../../src/lib/ingredient-text.ts';
import { HeadedIngredients } from '../../drafts/headings.ts';
import { cleanLink, isWebAddress } from './tracking-link.ts';

type Ingredient = ImportedRecipe['ingredients'][number];
export type TidiedDraft = { draft: ImportedRecipe; notes: string[]; review: string[] };

export const TIDY_TEXT = {
  settingMoved: (lines: string[]) =>
    `${quoted(lines)} stod bland ingredienserna men är ${lines.length === 1 ? 'ingen ingrediens' : 'inga ingredienser'}; ` +
    `${lines.length === 1 ? 'raden' : 'raderna'} står nu först i instruktionerna.`,
  sourceFromSteps: (lines: string[]) => `${quoted(lines)} stod bland instruktionerna; det står nu som källa.`,
  trackingRemoved:
    'Källans webbadress innehöll spårning (till exempel kampanjkoder eller en e-postadress); den togs bort.',
  totalUnderPrep: (total: number, prep: number) =>
    `Den totala tiden (${formatMinutes(total)}) är kortare än förberedelserna (${formatMinutes(prep)}).`,
  stepsLonger: (label: string, time: number, steps: number) =>
    `${label} är ${formatMinutes(time)}, men stegen nämner minst ${formatMinutes(steps)}.`,
  shortForLong: (label: string, time: number, steps: number, ingredients: number) =>
    `${label} är bara ${formatMinutes(time)} för ett recept med ${steps} steg och ${ingredients} ingredienser.`,
  settingsReview: 'Rader som inte var ingredienser står nu först i instruktionerna.',
} as const;

function quoted(lines: string[]): string {
  const shown = lines.slice(0, 3).map((line) => `”${[...line].slice(0, 80).join('')}”`);
  return lines.length > 3 ? `${shown.join(', ')} med flera` : shown.join(', ').replace(/, (?=[^,]*$)/u, ' och ');
}

export function tidyDraft(draft: ImportedRecipe): TidiedDraft {
  const notes: string[] = [];
  const review: string[] = [];
  const { ingredients, settings } = tidyIngredients(draft.ingredients);
  const steps = draft.instructions
    .split('\n')
    .map((line) => withoutStepNumber(line))
    .filter((line) => line.trim() !== '');
  const found = sourceOfSteps(steps, draft.source);
  if (found.moved.length > 0) notes.push(TIDY_TEXT.sourceFromSteps(found.moved));
  if (found.tracked) notes.push(TIDY_TEXT.trackingRemoved);
  if (settings.length > 0) {
    notes.push(TIDY_TEXT.settingMoved(settings));
    review.push(TIDY_TEXT.settingsReview);
  }
  const tidied: ImportedRecipe = {
    ...draft,
    ingredients,
    instructions: [...settings, ...found.steps].join('\n'),
  };
  delete tidied.source;
  if (found.source) tidied.source = found.source;
  review.push(...timeReview(tidied, found.steps));
  return { draft: tidied, notes, review };
}

// ---- Steps ----

// "1.", "1)", "1:", "Steg 1:", "Step 1 -", "#1": a number the app wrote before the step's text. A step that starts
// with an amount ("2 ägg vispas ...", "1.5 dl ...") has no mark after its number, or a digit after the point.
const STEP_NUMBER = /^\s*(?:(?:steg|step)\s*\d{1,3}\s*[.):–-]?|#?\d{1,3}\s*[.):](?!\d))\s*/iu;

export function withoutStepNumber(line: string): string {
  let text = line;
  // The app's own numbering twice over ("1. 1. Bring") loses both.
  for (let i = 0; i < 2 && STEP_NUMBER.test(text); i++) {
    const rest = text.replace(STEP_NUMBER, '');
    if (rest.trim() === '' && i === 0) return '';
    text = rest;
  }
  return text.trim();
}

// "Source", "Källa:", "Recipe from: x", "Adapted from x": a line saying where the recipe is from. After these words
// a site's name counts too; after a plain "from:" or "via:" only an address does ("Från: 10 minuter" is a step).
const SOURCE_LINE =
  /^(?:sources?|källa|källor|recipe source|receptkälla|recept från|recipe from|recipe by|adapted from|originally from|originally published(?: by| in)?|hämtat från)(?![\p{L}\d])\s*[:：]?\s*(.*)$/iu;
const LINK_LINE = /^(?:från|from|via|efter|see|se)(?![\p{L}\d])\s*[:：]\s*(.*)$/iu;
const DOMAIN = /^(?:www\.)?[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.[a-z]{2,}(?:\/\S*)?$/iu;

type Source = NonNullable<ImportedRecipe['source']>;

/** The steps without their source lines and lone links, and the source they give (the app's own first). */
function sourceOfSteps(
  steps: string[],
  given: ImportedRecipe['source'],
): { steps: string[]; source: Source | undefined; moved: string[]; tracked: boolean } {
  let tracked = false;
  const link = (text: string): string | undefined => {
    const clean = cleanLink(text);
    if (!clean || characterCount(clean.url) > MAX_SOURCE_URL) return undefined;
    if (clean.changed) tracked = true;
    return clean.url;
  };
  const source: Source = {};
  if (given?.url) {
    const url = link(given.url);
    if (url) source.url = url;
  }
  if (given?.name) source.name = given.name;
  /** `value` (an address, a site or a name) as the source; the text it stands for in the notes, else undefined. */
  const take = (value: string, names: boolean): string | undefined => {
    const text = value.trim();
    if (isWebAddress(text)) {
      const url = link(text);
      if (!url || (source.url && source.url !== url)) return undefined;
      source.url = url;
      return url;
    }
    if (DOMAIN.test(text) || (names && fitsName(text))) {
      if (!source.name && fitsName(text)) source.name = text;
      return text;
    }
    return undefined;
  };
  const kept: string[] = [];
  const moved: string[] = [];
  for (let i = 0; i < steps.length; i++) {
    const line = steps[i]!.trim();
    const head = SOURCE_LINE.exec(line) ?? LINK_LINE.exec(line);
    if (head) {
      const rest = head[1]!.trim();
      const label = line.slice(0, line.length - head[1]!.length).replace(/\s*[:：]?\s*$/u, '');
      if (rest === '' && SOURCE_LINE.test(line)) {
        // The lines after a bare "Source" that are a site's address or name are the source too (Tandoor's export
        // of a recipe whose steps ended "Source / Craftbeerkitchen.com / https://...").
        const values: string[] = [];
        while (i + 1 < steps.length && isSourceValue(steps[i + 1]!)) {
          const taken = take(steps[i + 1]!, true);
          if (taken === undefined) break;
          values.push(taken);
          i++;
        }
        if (values.length > 0) {
          moved.push([label, ...values].join(' '));
          continue;
        }
      }
      const taken = rest === '' ? undefined : take(rest, SOURCE_LINE.test(line));
      if (taken !== undefined) {
        moved.push(`${label}: ${taken}`);
        continue;
      }
    }
    if (isWebAddress(line)) {
      const taken = take(line, false);
      if (taken !== undefined) {
        moved.push(taken);
        continue;
      }
      kept.push(link(line) ?? line);
      continue;
    }
    kept.push(line);
  }
  const any = source.url !== undefined || source.name !== undefined;
  return { steps: kept, source: any ? source : undefined, moved, tracked };
}

function isSourceValue(line: string): boolean {
  const text = line.trim();
  return isWebAddress(text) || DOMAIN.test(text);
}

// A name a source can have: short, no sentence (no full stop but a domain's), allowed characters.
function fitsName(text: string): boolean {
  return (
    text !== '' &&
    characterCount(text) <= MAX_SOURCE_NAME &&
    ALLOWED_CHARACTERS.test(text) &&
    text.split(/\s+/u).length <= 6 &&
    !/[.!?]\s|[.!?]$/u.test(text.replace(DOMAIN, ''))
  );
}

// ---- Ingredients ----

// A setting: "Label: value" whose label names a thing of the kitchen or the method, not a food.
const SETTING_WORDS =
  /\b(?:type|fire|heat|temperature|temp|oven|grill|smoker|wood|method|equipment|tools?|setting|mode|level|pan|servings|yield|difficulty|time|ugn|ugnen|värme|eld|temperatur|metod|utrustning|redskap|inställning|läge|nivå|form|portioner|svårighetsgrad|tid|grillning)\b/iu;
const SETTING = /^([^:：]{1,40})[:：]\s*(\S.*)$/u;
const MARKDOWN_HEADING = /^(?:#{1,6}\s+(.+)|\*\*(.+)\*\*|__(.+)__)$/u;
const FOR_HEADING = /^(?:for the|for|to serve|till|för|att servera)\s+\p{L}/iu;

/** A line read as an ingredient that is a setting of the recipe: its text, else undefined. */
export function settingLine(ingredient: Ingredient): string | undefined {
  if (ingredient.quantity) return undefined;
  const line = ingredientLine(ingredient).trim();
  const match = SETTING.exec(line);
  return match && SETTING_WORDS.test(match[1]!) && match[1]!.trim().split(/\s+/u).length <= 4 ? line : undefined;
}

/** A line read as an ingredient that heads the ones after it ("SAUCE", "**Glaze**", "For the glaze"): its words. */
export function headingLine(ingredient: Ingredient): string | undefined {
  if (ingredient.quantity || ingredient.note) return undefined;
  const line = ingredient.name.trim();
  if (/\d/u.test(line) || line.length > MAX_HEADING) return undefined;
  const marked = MARKDOWN_HEADING.exec(line);
  if (marked) return (marked[1] ?? marked[2] ?? marked[3] ?? '').trim() || undefined;
  const letters = line.replace(/[^\p{L}]/gu, '');
  if (
    letters.length >= 3 &&
    letters === letters.toLocaleUpperCase('sv-SE') &&
    letters !== letters.toLocaleLowerCase('sv-SE')
  )
    return line.charAt(0) + line.slice(1).toLocaleLowerCase('sv-SE');
  return FOR_HEADING.test(line) && line.split(/\s+/u).length <= 5 ? line : undefined;
}

// An amount in some measure and nothing else: "2 oz", "57 g", "1.5 cup", "1 1/2 cups", "ca 2 dl".
const AMOUNT_ONLY =
  /^(?:ca\.?|cirka|about|approx\.?|ungefär)?\s*[\d½¼¾⅓⅔⅛.,/\s–-]*\d[\d½¼¾⅓⅔⅛.,/\s–-]*\s*(?:fl\.?\s*oz|oz|ounces?|lbs?|pounds?|cups?|c|tbsps?|tablespoons?|tsps?|teaspoons?|sticks?|pints?|quarts?|g|gram|kg|mg|ml|cl|dl|l|liter|msk|tsk|krm|st)\.?$/iu;

/** A decimal point between digits as a Swedish decimal comma: "1.5 cup" -> "1,5 cup" (not a thousands' "1.000"). */
export function decimalComma(text: string): string {
  return text.replace(/(\d)\.(\d{1,2}(?!\d))/gu, '$1,$2');
}

/** The note without amounts that restate the ingredient's own (it has a quantity), its decimals with commas. */
export function tidyNote(note: string, hasQuantity: boolean): string {
  const parts = note
    .split(/,\s*|;\s*/u)
    .map((part) => part.trim())
    .filter((part) => part !== '' && !(hasQuantity && AMOUNT_ONLY.test(part.replace(/^\(|\)$/gu, ''))));
  return decimalComma(parts.join(', '));
}

function tidyIngredients(ingredients: Ingredient[]): { ingredients: Ingredient[]; settings: string[] } {
  const settings: string[] = [];
  const kept = new HeadedIngredients<Ingredient>();
  for (const ingredient of ingredients) {
    const setting = settingLine(ingredient);
    if (setting) {
      settings.push(decimalComma(setting));
      kept.head(ingredient.heading);
      continue;
    }
    const title = headingLine(ingredient);
    if (title) {
      kept.startGroup(title);
      continue;
    }
    const note =
      ingredient.note === undefined ? undefined : tidyNote(ingredient.note, ingredient.quantity !== undefined);
    const { note: _, heading, ...rest } = ingredient;
    kept.add({
      ...rest,
      name: decimalComma(ingredient.name),
      ...(note ? { note } : {}),
      ...(heading ? { heading } : {}),
    });
  }
  // A heading with nothing after it heads nothing; its line stays an ingredient, as the app had it.
  if (kept.pending && kept.list.length === 0 && ingredients.length > 0) return { ingredients, settings };
  return { ingredients: kept.list, settings };
}

// ---- Times ----

// "30 min", "1 timme", "1.5 hours", "45–60 minuter", "2 h": a duration a step names (the lower of a range).
const DURATION =
  /(\d+(?:[.,]\d+)?)(?:\s*(?:[–-]|till|to)\s*\d+(?:[.,]\d+)?)?\s*(timmar|timme|tim|hours?|hrs?|h|minuter|minut|minutes?|mins?|min)\b/giu;
/** Under this many minutes, a recipe of LONG_STEPS steps or LONG_INGREDIENTS ingredients is not likely. */
const FEW_MINUTES = 5;
const LONG_STEPS = 5;
const LONG_INGREDIENTS = 10;

export function stepMinutes(steps: string[]): number {
  let total = 0;
  for (const step of steps)
    for (const match of step.matchAll(DURATION)) {
      const value = Number(match[1]!.replace(',', '.'));
      total += /^(?:t|h)/iu.test(match[2]!) ? value * 60 : value;
    }
  return Math.round(total);
}

function timeReview(draft: ImportedRecipe, steps: string[]): string[] {
  const { prepTime: prep, totalTime: total } = draft;
  if (prep !== undefined && total !== undefined && total < prep) return [TIDY_TEXT.totalUnderPrep(total, prep)];
  const time = total ?? prep;
  if (time === undefined) return [];
  const label = total !== undefined ? 'Den totala tiden' : 'Förberedelsetiden';
  const named = stepMinutes(steps);
  if (total !== undefined && named > total) return [TIDY_TEXT.stepsLonger(label, time, named)];
  if (time <= FEW_MINUTES && (steps.length >= LONG_STEPS || draft.ingredients.length >= LONG_INGREDIENTS))
    return [TIDY_TEXT.shortForLong(label, time, steps.length, draft.ingredients.length)];
  return [];
}
