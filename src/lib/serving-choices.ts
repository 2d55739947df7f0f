// The 'Portioner' selector's choices (spec: 1–10), and any count over 10 the recipe itself has or had: one function
// for the island (src/features/details/recipe-details.tsx) and the server's first screen
// (server/site/recipe-first-screen.ts), which draw the same selector.

/** 1–10 and every whole count over 10 among `counts`, ascending, each once. */
export function servingChoices(...counts: number[]): number[] {
  const extra = counts.filter((n) => Number.isInteger(n) && n > 10);
  return [...new Set([...Array.from({ length: 10 }, (_, i) => i + 1), ...extra])].sort((a, b) => a - b);
}
