// 'Tillbaka' as a button-styled link. Works without JavaScript, so .astro pages may render it
// statically; islands render it with a computed href (e.g. /{id} on the edit page).
export default function BackButton({ href = '/', label = 'Tillbaka' }: { href?: string; label?: string }) {
  return (
    <a className="button" href={href}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {label}
    </a>
  );
}
