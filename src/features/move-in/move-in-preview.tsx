// What the chosen file holds, before anything is saved: its format, the counts, the notes about the whole file,
// and every recipe in a scrollable list with its photos, whether it is here already and why it cannot come, and
// what tidying the other app's habits will leave for a person to check once it is in ('Granska', as the result says).
import { useId, type Ref } from 'react';
import type { CollectionPreview } from '../../client/api.ts';
import { MOVE_IN_TEXT as TEXT } from './move-in-texts.ts';
import RecipeNotes from './recipe-notes.tsx';

type Props = { preview: CollectionPreview; headingRef?: Ref<HTMLHeadingElement> };

export default function MoveInPreview({ preview, headingRef }: Props) {
  const id = useId();
  const { count } = preview;
  const facts: Array<[string, string | number]> = [
    [TEXT.format, preview.formatName],
    [TEXT.recipesFound, count.recipes],
    [TEXT.withPhotos, count.withPhotos],
    [TEXT.alreadyHere, count.alreadyHere],
    [TEXT.cannotImport, count.cannotImport],
  ];
  // Counted from the recipes (the server sends review only for a recipe that comes in), so the figure and the lines
  // below cannot disagree.
  const toReview = preview.recipes.filter((recipe) => (recipe.review ?? []).length > 0).length;
  if (toReview > 0) facts.push([TEXT.toReview, toReview]);
  return (
    <section className="move-in-preview" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {TEXT.previewHeading}
      </h2>
      <dl className="facts move-in-counts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {preview.notes.length > 0 ? (
        <ul className="move-in-notes" aria-label={TEXT.fileNotes}>
          {preview.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {toReview > 0 ? <p className="move-in-review-intro">{TEXT.previewReviewIntro(toReview)}</p> : null}
      {preview.recipes.length > 0 ? (
        // Focusable so the list scrolls from the keyboard too (a scrolling region needs a way in).
        <div className="move-in-scroll" role="region" aria-label={TEXT.recipeList} tabIndex={0}>
          <ul className="move-in-recipes">
            {preview.recipes.map((recipe) => (
              <li key={recipe.index} className={recipe.problem ? 'move-in-recipe has-problem' : 'move-in-recipe'}>
                <div className="move-in-recipe-line">
                  <span className="move-in-recipe-name">{recipe.name}</span>
                  {recipe.photos > 0 ? (
                    <span className="move-in-recipe-photos">{TEXT.photos(recipe.photos)}</span>
                  ) : null}
                  {recipe.alreadyHere ? <span className="move-in-tag">{TEXT.alreadyHereTag}</span> : null}
                </div>
                {recipe.problem ? <p className="move-in-problem">{recipe.problem}</p> : null}
                <RecipeNotes notes={recipe.notes} />
                {(recipe.review ?? []).length > 0 ? (
                  <div className="move-in-review-of">
                    <span className="move-in-review-label" id={`${id}-review-${recipe.index}`}>
                      {TEXT.reviewHeading}
                    </span>
                    <ul className="move-in-review" aria-labelledby={`${id}-review-${recipe.index}`}>
                      {(recipe.review ?? []).map((why) => (
                        <li key={why}>{why}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
