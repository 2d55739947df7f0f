// A moment as a Swede reads it on screen: "27 november 2026 18:03" (dateTimeText) or "27 november 2026" (dateText).
export const dateTimeText = (iso: string): string =>
  new Date(iso).toLocaleString('sv-SE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

export const dateText = (iso: string): string =>
  new Date(iso).toLocaleDateString('sv-SE', { day: 'numeric', month: 'long', year: 'numeric' });
