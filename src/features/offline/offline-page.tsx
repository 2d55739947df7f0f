// The offline page's list of what can still be read (issue 54): the service worker answers a page it does not
// keep with src/pages/offline.astro when the network is away, and this island lists the recipes it does keep.
import { useEffect, useState } from 'react';
import './offline-page.css';
import { readSavedRecipes, type SavedRecipe } from './saved-recipes.ts';

export default function SavedRecipeLinks() {
  const [saved, setSaved] = useState<SavedRecipe[] | undefined>(undefined);
  useEffect(() => {
    readSavedRecipes()
      .then(setSaved)
      .catch((error: unknown) => {
        console.warn('Could not read the saved recipes', error);
        setSaved([]);
      });
  }, []);
  if (saved === undefined) return <p>Letar efter sparade recept …</p>;
  if (saved.length === 0)
    return (
      <p>
        Inga recept är sparade på den här enheten ännu. När du har nät kan du spara hela boken under{' '}
        <a href="/profile">Profil</a>.
      </p>
    );
  return (
    <ul className="offline-saved" aria-label="Sparade recept">
      {saved.map((r) => (
        <li key={r.id}>
          <a href={`/${r.id}`}>{r.name}</a>
        </li>
      ))}
    </ul>
  );
}
