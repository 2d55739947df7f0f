// The edit page is one static shell served for every /{id}/edit, so the id comes from the path.

/** '/12/edit' -> 12; anything else (no id, 0, not a number) -> undefined. */
export function idFromPath(pathname: string): number | undefined {
  const m = /^\/(\d+)\/edit\/?$/.exec(pathname);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
