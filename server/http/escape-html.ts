// The one HTML escaper of the server: the sign-in pages' html`` template and the recipe page's head (and the
// sitemap) put every text through it. Element content and attribute values in double or single quotes.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string | number | boolean | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
