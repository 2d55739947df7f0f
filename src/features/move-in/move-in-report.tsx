// The import's result: the recipes now here as links to their pages (with what did not come along), and the ones
// skipped with the reason for each.
import { useId, type Ref } from 'react';
import type { CollectionReport } from '../../client/api.ts';
import { recipeHref } from '../../lib/routes.ts';
import { MOVE_IN_TEXT as TEXT } from './move-in-texts.ts';

export default function MoveInReport({
  report,
  headingRef,
}: {
  report: CollectionReport;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  return (
    <section className="move-in-report" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {TEXT.resultHeading}
      </h2>
      <p>
        {TEXT.importedCount(report.imported.length)}
        {report.skipped.length > 0 ? ` ${TEXT.skippedCount(report.skipped.length)}` : null}
      </p>
      {report.imported.length > 0 ? (
        <>
          <h3 id={`${id}-imported`}>{TEXT.importedHeading}</h3>
          <div className="move-in-scroll" role="region" aria-labelledby={`${id}-imported`} tabIndex={0}>
            <ul className="move-in-recipes">
              {report.imported.map((recipe) => (
                <li key={recipe.index} className="move-in-recipe">
                  <a href={recipeHref(recipe.id)}>{recipe.name}</a>
                  {recipe.notes.length > 0 ? (
                    <ul className="move-in-recipe-notes">
                      {recipe.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  ) : null}
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
