// The import's result: the recipes now here as links to their pages (with what did not come along), and the ones
// skipped with the reason for each.
import { useId, type Ref } from 'react';
import type { CollectionReport } from '../../client/api.ts';
import { recipeHref } from '../../lib/routes.ts';
import { MOVE_IN_TEXT as TEXT } from './move-in-texts.ts';
import RecipeNotes from './recipe-notes.tsx';

export default function MoveInReport({
  report,
  headingRef,
}: {
  report: CollectionReport;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  const toReview = report.imported.filter((recipe) => (recipe.review ?? []).length > 0);
  return (
    <section className="move-in-report" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {TEXT.resultHeading}
      </h2>
      <p>
        {TEXT.importedCount(report.imported.length)}
        {report.skipped.length > 0 ? ` ${TEXT.skippedCount(report.skipped.length)}` : null}
        {toReview.length > 0 ? ` ${TEXT.reviewCount(toReview.length)}` : null}
      </p>
      {toReview.length > 0 ? (
        <>
          <h3 id={`${id}-review`}>{TEXT.reviewHeading}</h3>
          <p className="move-in-review-intro">{TEXT.reviewIntro}</p>
          <div className="move-in-scroll" role="region" aria-labelledby={`${id}-review`} tabIndex={0}>
            <ul className="move-in-recipes">
              {toReview.map((recipe) => (
                <li key={recipe.index} className="move-in-recipe">
                  <a href={recipeHref(recipe.id)}>{recipe.name}</a>
                  <ul className="move-in-review">
                    {(recipe.review ?? []).map((why) => (
                      <li key={why}>{why}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
      {report.imported.length > 0 ? (
        <>
          <h3 id={`${id}-imported`}>{TEXT.importedHeading}</h3>
          <div className="move-in-scroll" role="region" aria-labelledby={`${id}-imported`} tabIndex={0}>
            <ul className="move-in-recipes">
              {report.imported.map((recipe) => (
                <li key={recipe.index} className="move-in-recipe">
                  <a href={recipeHref(recipe.id)}>{recipe.name}</a>
                  <RecipeNotes notes={recipe.notes} />
                </li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
      {report.skipped.length > 0 ? (
        <>
          <h3 id={`${id}-skipped`}>{TEXT.skippedHeading}</h3>
          <div className="move-in-scroll" role="region" aria-labelledby={`${id}-skipped`} tabIndex={0}>
            <ul className="move-in-recipes">
              {report.skipped.map((recipe) => (
                <li key={recipe.index} className="move-in-recipe">
                  <span className="move-in-recipe-name">{recipe.name}</span>
                  <p className="move-in-reason">{recipe.reason}</p>
                </li>
              ))}
            </ul>
          </div>
        </>
      ) : null}
    </section>
  );
}
