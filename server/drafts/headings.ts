// The headings of a recipe every import reads (issue 53 item 2: one heading vocabulary): the words that title its
// ingredient list and its steps, in the languages of the unit table and the corpus, and the rule that a section's
// first ingredient carries the section's heading, and what a group's heading is (headingText, isHeadingLine). The web
// page's readers, the plain-text reader and moving in build their patterns from these words; each says where a title
// may stand (a whole line, or a line that starts with it).

/** The titles of an ingredient list: "Ingredienser", "Du behöver", "Ingredients", "What you'll need", "Zutaten". */
export const INGREDIENTS_WORDS =
  "ingredienser(?:na)?|ingrediens|ingredients?|ingrediënten|ingrédients|ingredientes|ingredienti|zutaten|składniki|hozzávalók|du behöver|det här behöver du|you will need|(?:what )?you'?ll need";

/** The titles of the steps: "Gör så här", "Tillagning", "Instructions", "Method", "Zubereitung", "Bereiding". */
export const STEPS_WORDS =
  'gör så här|så här gör du|gör så|instruktioner|tillagning|tillvägagångssätt|beskrivning|instructions?|directions?|method|preparation|steps|how to make(?: it)?|zubereitung|anleitung|préparation|étapes|bereiding(?:swijze)?|werkwijze|preparación|elaboración|preparazione|procedimento|modo de preparo|fremgangsmåde|fremgangsmåte|slik gjør du|valmistus(?:ohje)?';

/** The word of a step's own label, before its number: "Steg 1", "Step 2", "Schritt 3", "Étape 4". */
export const STEP_WORDS = 'step|steg|schritt|étape|etape|stap|paso|passo|krok|trin|vaihe';

// The titles of a recipe card's own blocks, which name no group ("Ingredients", "Ingredienser", "Zutaten" …).
const BLOCK_TITLE = new RegExp(`^(?:${INGREDIENTS_WORDS}|${STEPS_WORDS}|step|equipment(?: needed)?|notes?)$`, 'iu');

/** A group heading's text as the page names it: clean, without a trailing colon; '' for a card's block title. */
export function headingText(text: string): string {
  const heading = text.replace(/\s*[:：]\s*$/u, '').trim();
  // Nor is a line that starts with a number ("4 portioner", "Step 1") or is a template's or a price's text.
  return BLOCK_TITLE.test(heading) || /^\d|\{\{|\$/u.test(heading) ? '' : heading;
}

/**
 * A line of an ingredient list that is a group's heading, not an ingredient: "For the dressing:", "Dressing:",
 * "FÖR SERVERING:" — it ends in a colon and holds no amount (no digit, no fraction glyph).
 */
export function isHeadingLine(line: string): boolean {
  return /[:：]$/u.test(line) && !/[\d½¼¾⅓⅔]/u.test(line) && line.length <= 80;
}

/**
 * A list of ingredients in sections, as the recipe keeps it: each section's first ingredient carries its heading.
 * `head` names the section the next ingredient starts (an empty heading keeps the one waiting); `add` puts an
 * ingredient in the list, under the heading waiting, unless it carries one of its own.
 */
export class HeadedIngredients<I extends { heading?: string }> {
  readonly list: I[] = [];
  private waiting: string | undefined;

  /** The heading the next ingredient carries ('' or undefined: the one waiting stays). */
  head(heading: string | undefined): void {
    this.waiting = heading || this.waiting;
  }

  /** A new group: its heading (or none) replaces the one waiting. */
  startGroup(heading: string | undefined): void {
    this.waiting = heading || undefined;
  }

  /** A heading waiting for an ingredient that never came. */
  get pending(): string | undefined {
    return this.waiting;
  }

  add(ingredient: I): void {
    const heading = ingredient.heading ?? this.waiting;
    this.list.push(heading ? { ...ingredient, heading } : ingredient);
    this.waiting = undefined;
  }
}
