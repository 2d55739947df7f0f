// The notes a moved-in recipe came with (what tidying changed in it), under its name in the preview and in the
// report.
export default function RecipeNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className="move-in-recipe-notes">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
