// Recipe details (/{id}): scaled by the 'Portioner' selector (the API leaves "don't scale" ingredients as written),
// quantities in Swedish notation; its categories as links to the narrowed list, its times and source, and the
// ingredients under their section headings, each with its note after the name, and the steps numbered (on screen, in
// cook mode and on paper alike; cook mode prints as the plain recipe). Cook mode's tools (timers, one step at a time,
// 'Läs upp', the screen kept awake) are src/features/cook/, loaded with import() only when cook mode opens; 'Mått och
// vikt' (weights or volumes, scaling by an amount at hand: src/features/measures/, docs/densities.md) is loaded with
// import() when its button is first pressed or cook mode opens, so neither is in the page's start (decision 065).
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import type { Measured } from '../measures/measures-panel.tsx';
import { $auth, apiTokens, PRERENDERED_AUTH } from '../../stores/auth.ts';
import { useIslandStore } from '../../stores/use-island-store.ts';
import { getRecipe, isUnavailable, type Recipe } from '../../client/api.ts';
import { formatIngredientAmounts } from '../../lib/kitchen-amount.ts';
import BackButton from '../../components/back-button.tsx';
import Spinner from '../../components/spinner.tsx';
import FlashStatus from '../../components/flash-status.tsx';
import LoadFailure, { RETRY } from '../../components/load-failure.tsx';
import RecipePhoto, { useApiBase } from '../photos/photo.tsx';
import { GALLERY_SIZES, MAIN_SIZES } from '../photos/photo-sources.ts';
import { FIRST_SCREEN_ID } from '../../lib/photo-srcset.ts';
import { categoryHref, editRecipeHref, recipeIdFromPath } from '../../lib/routes.ts';
import { ingredientGroups } from '../../lib/ingredient-groups.ts';
import { formatMinutes, isWebAddress } from '../../lib/organise.ts';
import { servingChoices } from '../../lib/serving-choices.ts';
import { RECIPE_LABELS } from '../../lib/recipe-labels.ts';
import { hasStoredTimers, useCookMode } from './cook-mode.ts';

/** Cook mode's tools, loaded when cook mode first opens (docs/decisions/065-budget-for-code-loaded-on-demand.md). */
type Cook = typeof import('../cook/cook-view.tsx');
type Measures = typeof import('../measures/measures-view.tsx');
/** The JSON-LD's code, loaded only for a recipe the server's head block does not already say (decision 065). */
type JsonLd = typeof import('../../lib/recipe-jsonld.ts');
const loadCook = again(() => import('../cook/cook-view.tsx'));
const loadMeasures = again(() => import('../measures/measures-view.tsx'));

/**
 * An import() that can be asked again after it failed. Chromium before 156 keeps a failed import() of a URL (as the
 * HTML standard said until 2024): asked again, it fails at once with no request. So a retry asks for the same URL
 * first (a browser that forgets a failure fetches it, the service worker's precache can answer it), then, if that
 * fails too, for the chunk the browser's error named with a query of its own (`?again=1`, 2, …). What came is kept.
 */
function again<T>(load: () => Promise<T>): () => Promise<T> {
  let url: string | undefined;
  let failures = 0;
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load()
      .catch((error: unknown) => {
        url ??= /https?:\/\/\S+\.js/.exec(String(error))?.[0];
        if (failures++ === 0 || !url) throw error;
        return import(/* @vite-ignore */ `${url}?again=${failures}`) as Promise<T>;
      })
      .catch((error: unknown) => {
        loaded = undefined;
        throw error;
      }));
}

/**
 * Code loaded with import() once `wanted` (cook mode's tools, 'Mått och vikt'): the module when it came; if it did
 * not (offline before the service worker kept it, or a new version of the site has replaced the chunk), a retry
 * that asks for it again, for the page to offer in its place (ToolsFailed).
 */
function useOnDemand<T>(wanted: boolean, load: () => Promise<T>): [code: T | undefined, retry?: () => void] {
  const [code, setCode] = useState<T>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // Not wanted any more (cook mode or the panel closed): a failure is forgotten, and the next opening asks again.
    if (!wanted) setFailed(false);
    else if (!failed && !code) load().then(setCode, () => setFailed(true));
  }, [wanted, failed, code, load]);
  return [code, failed ? () => setFailed(false) : undefined];
}

/** Said in the tools' place when their code did not come, with 'Försök igen' (issue 57). */
function ToolsFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div className="tools-failed">
      <p className="error-text" role="alert">
        Verktygen kunde inte laddas. Kontrollera anslutningen och försök igen.
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {RETRY}
      </button>
    </div>
  );
}

// RECIPE_JSONLD_ID and instructionSteps of src/lib/recipe-jsonld.ts, spelt here so that the page's start carries
// none of that module: the server's head block already says the recipe at its own servings, and only another
// number of servings needs the code (tests/unit/site/site-first-screen.test.ts holds the steps equal to the server's).
const HEAD_JSONLD_ID = 'recipe-jsonld';
const instructionSteps = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const EMPTY: Recipe = { name: '', author: '', instructions: '', servings: 0, ingredients: [] };
const TITLE = 'recipes-frontend';

// 'missing': no such recipe (404, not a recipe id). 'unavailable': the API or its database did not answer
// (503, time-out, network): the recipe may well exist, so the page offers to read it again.
type View =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'unavailable'; servings?: number }
  | { state: 'ready'; recipe: Recipe };

export default function RecipeDetails() {
  const auth = useIslandStore($auth, PRERENDERED_AUTH);
  const [id, setId] = useState<number>();
  const [view, setView] = useState<View>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  // The servings the recipe was written for stay on offer after scaling to another count.
  const [own, setOwn] = useState(0);
  // Cook mode: on or off and what is ticked, kept in this tab across a reload (src/features/details/cook-mode.ts).
  const { cooking, setCooking, ticked, tick } = useCookMode(view.state === 'ready' ? view.recipe : undefined);
  // Loaded once, also when timers of this recipe are stored (cook mode left, or the page reloaded): an end must still
  // ring. A failed load leaves the ticks, which need none of it, and says so in the tools' place with a retry.
  const [cook, retryCook] = useOnDemand<Cook>(cooking || hasStoredTimers(id), loadCook);
  const base = useApiBase();
  // The first screen the server wrote after the island (server/site/recipe-first-screen.ts): the card with the photo
  // and the name, painted before any JavaScript. While it is there the island shows no spinner of its own (hidden
  // by the CSS until then, src/styles/pages.css); it goes in the same task as the island's own card comes.
  const [firstScreen, setFirstScreen] = useState(false);
  useLayoutEffect(() => setFirstScreen(document.getElementById(FIRST_SCREEN_ID) !== null), []);
  // The server's JSON-LD (the recipe at its own servings), read before the island's block takes its place.
  const [headJsonLd] = useState(() => globalThis.document?.getElementById(HEAD_JSONLD_ID)?.textContent ?? undefined);
  const [jsonLdCode, setJsonLdCode] = useState<JsonLd>();
  const asServed = view.state === 'ready' && view.recipe.servings === own && headJsonLd !== undefined;
  useEffect(() => {
    if (view.state === 'ready' && !asServed) import('../../lib/recipe-jsonld.ts').then(setJsonLdCode, () => undefined);
  }, [view.state, asServed]);
  useLayoutEffect(() => {
    if (view.state !== 'loading') document.getElementById(FIRST_SCREEN_ID)?.remove();
  }, [view.state]);

  const lookup = async (recipeId: number | undefined, servings?: number): Promise<View> => {
    try {
      if (recipeId === undefined) throw new Error('not a recipe id');
      return { state: 'ready', recipe: await getRecipe(apiTokens, recipeId, servings) };
    } catch (error) {
      // Spec section 8: a failed lookup logs 'Recipe not found' and leaves an empty recipe.
      console.error('Recipe not found', error);
      return recipeId !== undefined && isUnavailable(error) ? { state: 'unavailable', servings } : { state: 'missing' };
    }
  };

  useEffect(() => {
    const recipeId = recipeIdFromPath(window.location.pathname);
    setId(recipeId);
    void lookup(recipeId).then((v) => {
      setView(v);
      if (v.state === 'ready') setOwn(v.recipe.servings);
    });
  }, []);

  // 'Försök igen': the same read again (at the servings asked for, if that was the read that failed).
  const retry = async (servings: number | undefined) => {
    setBusy(true);
    const v = await lookup(id, servings);
    setView(v);
    if (v.state === 'ready' && own === 0) setOwn(v.recipe.servings);
    setBusy(false);
  };

  useEffect(() => {
    document.title = view.state === 'ready' && view.recipe.name ? `${view.recipe.name} – ${TITLE}` : TITLE;
  }, [view]);

  // The server writes the recipe's JSON-LD into the head for clients that run no JavaScript (server/site/); once the
  // recipe is shown, the island's own block (at the chosen servings) takes its place: one Recipe on the page. A
  // layout effect: removed in the same task as the island's block is added, so no one sees two.
  useLayoutEffect(() => {
    if (view.state === 'ready') document.getElementById(HEAD_JSONLD_ID)?.remove();
  }, [view.state]);

  const changeServings = async (servings: number) => {
    setBusy(true);
    setView(await lookup(id, servings));
    setBusy(false);
  };

  const isEditor = auth.status === 'signed-in' && auth.isEditor;
  const recipe = view.state === 'ready' ? view.recipe : EMPTY;

  return (
    <>
      <FlashStatus />
      <div className="toolbar">
        <BackButton href="/" />
        <span className="spacer" />
        {isEditor && id !== undefined && view.state === 'ready' && (
          <a className="button button-primary" href={editRecipeHref(id)}>
            Redigera
          </a>
        )}
      </div>
      {view.state === 'loading' && !firstScreen && <Spinner label="Laddar receptet…" />}
      {view.state === 'missing' && (
        <div className="card">
          <h1>Receptet hittades inte</h1>
          <p className="notice">Det finns inget recept med den adressen. Det kan ha tagits bort.</p>
        </div>
      )}
      {view.state === 'unavailable' && <LoadFailure heading busy={busy} onRetry={() => void retry(view.servings)} />}
      {view.state === 'ready' && (
        <RecipeCard
          recipe={recipe}
          own={own}
          base={base}
          busy={busy}
          cooking={cooking}
          ticked={ticked}
          onTick={tick}
          onCooking={setCooking}
          cook={cook}
          onCookRetry={retryCook}
          onServings={(n) => void changeServings(n)}
          jsonLd={
            asServed ? headJsonLd : jsonLdCode?.jsonLdText(jsonLdCode.recipeJsonLd(recipe, window.location.href, base))
          }
        />
      )}
    </>
  );
}

export type RecipeCardProps = {
  recipe: Recipe;
  /** The servings the recipe was written for: kept on offer after scaling. */
  own: number;
  /** The API's base for the photos (none yet: no photos drawn). */
  base: string | undefined;
  busy: boolean;
  cooking: boolean;
  ticked: ReadonlySet<string>;
  onTick(key: string): void;
  onCooking(on: boolean): void;
  /** Cook mode's tools once loaded: its panel under the button, and each step's timers. */
  cook?: Cook;
  /** Cook mode's code did not come: asks for it again. */
  onCookRetry?: () => void;
  onServings(servings: number): void;
  /** The island's JSON-LD block (the server's first screen has its own in the head). */
  jsonLd?: string;
};

/**
 * The recipe's card, as the island draws it. The server writes the same markup as the page's first screen
 * (server/site/recipe-first-screen.ts; tests/unit/site/site-first-screen.test.ts keeps the two equal), so the island's
 * card takes the place of the server's without moving anything.
 */
export function RecipeCard({
  recipe,
  own,
  base,
  busy,
  cooking,
  ticked,
  onTick,
  onCooking,
  cook,
  onCookRetry,
  onServings,
  jsonLd,
}: RecipeCardProps) {
  // 'Mått och vikt': its panel (loaded on the first press) keeps the view and the scaling, and hands the list what to
  // show while it is open (nothing stored: a reload shows the recipe as written).
  const [measuring, setMeasuring] = useState(false);
  const [measures, retryMeasures] = useOnDemand<Measures>(measuring, loadMeasures);
  const [measured, setMeasured] = useState<Measured<Recipe['ingredients'][number]>>();
  const shown = measured?.ingredients ?? recipe.ingredients;
  const amounts = measured?.amounts ?? formatIngredientAmounts(shown);
  const steps = instructionSteps(recipe.instructions);
  const [main, ...gallery] = recipe.photos ?? [];
  return (
    <article className="card recipe" aria-busy={busy}>
      {jsonLd !== undefined && <script type="application/ld+json">{jsonLd}</script>}
      {/* The first photo at the top, the others as a small gallery under it; an empty alt means the name. */}
      {base && main && (
        <RecipePhoto photo={main} alt={main.alt || recipe.name} sizes={MAIN_SIZES} apiBase={base} main />
      )}
      {base && gallery.length > 0 && (
        <div className="photo-gallery">
          {gallery.map((p) => (
            <RecipePhoto key={p.id} photo={p} alt={p.alt || recipe.name} sizes={GALLERY_SIZES} apiBase={base} />
          ))}
        </div>
      )}
      <h1>{recipe.name}</h1>
      <p className="author">Författare: {recipe.author}</p>
      <RecipeFacts recipe={recipe} />
      {/* On paper the selector is hidden; the chosen servings are said in words instead. */}
      <p className="print-only">{measured?.servingsText ?? `${recipe.servings} portioner`}</p>
      <div className="cook-mode">
        <button type="button" className="button" aria-pressed={cooking} onClick={() => onCooking(!cooking)}>
          Matlagningsläge
        </button>
        <button type="button" className="button" aria-expanded={measuring} onClick={() => setMeasuring(!measuring)}>
          Mått och vikt
        </button>
        {cook ? (
          <cook.CookTools {...{ recipe, steps, amounts, ticked, onTick, cooking }} />
        ) : (
          onCookRetry && <ToolsFailed onRetry={onCookRetry} />
        )}
      </div>
      {measuring &&
        (measures ? (
          <measures.MeasuresPanel
            ingredients={recipe.ingredients}
            servings={recipe.servings}
            onMeasured={setMeasured}
          />
        ) : (
          retryMeasures && <ToolsFailed onRetry={retryMeasures} />
        ))}
      <div className="field servings">
        <label htmlFor="servings">Portioner</label>
        <select
          id="servings"
          className="select"
          value={recipe.servings}
          disabled={busy}
          onChange={(e) => onServings(Number(e.target.value))}
        >
          {servingChoices(own, recipe.servings).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {recipe.ingredients.length > 0 && (
        <section className="ingredients-section" aria-labelledby="ingredients-heading">
          <h2 id="ingredients-heading">Ingredienser</h2>
          {ingredientGroups(shown).map((group) => (
            <IngredientSection key={group.items[0]?.index} heading={group.heading}>
              <ul className={cooking ? 'ingredients cooking' : 'ingredients'}>
                {group.items.map(({ ingredient: ing, index: i }) => (
                  <li key={`${i}-${ing.name}`}>
                    {cooking ? (
                      <label className="tick">
                        <input type="checkbox" checked={ticked.has(`i${i}`)} onChange={() => onTick(`i${i}`)} />
                        <span className="amount">{amounts[i]}</span>
                        <IngredientText ingredient={ing} />
                      </label>
                    ) : (
                      <>
                        <span className="amount">{amounts[i]}</span>
                        <IngredientText ingredient={ing} />
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </IngredientSection>
          ))}
        </section>
      )}
      {recipe.instructions.trim() !== '' && (
        <section aria-labelledby="instructions-heading">
          <h2 id="instructions-heading">Instruktioner</h2>
          {/* Numbered on the page, in cook mode (where each step is also a tick) and on paper alike. */}
          <ol className={cooking ? 'steps cooking' : 'steps'}>
            {steps.map((step, i) => (
              <li key={`${i}-${step}`}>
                {cooking ? (
                  <>
                    <label className="tick">
                      <input type="checkbox" checked={ticked.has(`s${i}`)} onChange={() => onTick(`s${i}`)} />
                      <StepText number={i + 1} step={step} />
                    </label>
                    {cook && <cook.StepTimers timersKey={cook.timersKey(recipe.id)} number={i + 1} step={step} />}
                  </>
                ) : (
                  <StepText number={i + 1} step={step} />
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}

/**
 * An ingredient's name and, after it, its note in a quieter style ('vetemjöl, siktat'): one element, so the list's
 * two columns (amount, text) and cook mode's tick hold it whole. Text, never HTML (React escapes it).
 */
function IngredientText({ ingredient }: { ingredient: Recipe['ingredients'][number] }) {
  return (
    <span className="ingredient-text">
      <span className="ingredient-name">{ingredient.name}</span>
      {ingredient.note?.trim() ? <span className="ingredient-note">, {ingredient.note}</span> : null}
    </span>
  );
}

/** A step's number and text: the number is text (read aloud, copied, printed), in a column of its own. */
function StepText({ number, step }: { number: number; step: string }) {
  return (
    <>
      <span className="step-number">{number}.</span> <span className="step-text">{step}</span>
    </>
  );
}

/** A section of the ingredients: its heading (none for those before the first heading) above its list. */
function IngredientSection({ heading, children }: { heading: string | undefined; children: ReactNode }) {
  if (heading === undefined) return children;
  return (
    <div className="ingredient-group">
      <h3 className="ingredient-group-heading">{heading}</h3>
      {children}
    </div>
  );
}

/** Categories (links to the list narrowed to each), the times and the source, each only when the recipe has it. */
function RecipeFacts({ recipe }: { recipe: Recipe }) {
  const { categories = [], prepTime, totalTime, source } = recipe;
  const url = source?.url !== undefined && isWebAddress(source.url) ? source.url : undefined;
  return (
    <>
      {categories.length > 0 && (
        <ul className="category-chips recipe-categories" aria-label="Kategorier">
          {categories.map((c) => (
            <li key={c}>
              <a className="category-link" href={categoryHref(c)}>
                {c}
              </a>
            </li>
          ))}
        </ul>
      )}
      {(prepTime !== undefined || totalTime !== undefined || source) && (
        <dl className="recipe-facts">
          {prepTime !== undefined && (
            <div>
              <dt>{RECIPE_LABELS.prepTime}</dt> <dd>{formatMinutes(prepTime)}</dd>
            </div>
          )}
          {totalTime !== undefined && (
            <div>
              <dt>{RECIPE_LABELS.totalTime}</dt> <dd>{formatMinutes(totalTime)}</dd>
            </div>
          )}
          {source && (
            <div>
              <dt>Källa</dt>{' '}
              <dd>
                {url ? (
                  <a href={url} rel="nofollow noopener">
                    {source.name ?? url}
                  </a>
                ) : (
                  (source.name ?? source.url)
                )}
              </dd>
            </div>
          )}
        </dl>
      )}
    </>
  );
}
