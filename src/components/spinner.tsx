// Loading indicator shared by the islands. Announced politely so screen readers hear it once.
export default function Spinner({ label = 'Laddar…' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
