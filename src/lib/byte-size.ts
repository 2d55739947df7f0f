// Sizes as a person reads them, written once for the site and the server (issue 53, decision 070): one megabyte is
// 1024 × 1024 bytes, as every size limit of the server's settings and the site's offline budget is written, so a
// limit reads as the round number it was set to ("10 MB", not "10,5 MB"). The API states a limit as a number
// (`limitBytes`), and the site says it with sizeText; the API's English texts use megabytes.

export const KILOBYTE = 1024;
export const MEGABYTE = 1024 * KILOBYTE;

// Swedish digits: a decimal comma, at most one decimal; a space between thousands only from five digits on
// ("1024 MB", "12 345 MB"), as Swedish writes numbers.
const number = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1, useGrouping: 'min2' });
// A figure that grows while it is watched (saving for offline) keeps one decimal below 10 MB, so it does not jump.
const growing = (bytes: number) =>
  new Intl.NumberFormat('sv-SE', {
    maximumFractionDigits: 1,
    minimumFractionDigits: bytes < 10 * MEGABYTE ? 1 : 0,
    useGrouping: 'min2',
  });

/**
 * A size in Swedish: 10485760 -> "10 MB", 2457600 -> "2,3 MB", 65536 -> "64 kB", 300 -> "300 byte". `inMegabytes`:
 * always in MB, one decimal below 10 MB (3145728 -> "3,0 MB"), for a figure that grows on screen.
 */
export function sizeText(bytes: number, { inMegabytes = false }: { inMegabytes?: boolean } = {}): string {
  if (inMegabytes) return `${growing(bytes).format(bytes / MEGABYTE)} MB`;
  if (bytes >= MEGABYTE) return `${number.format(bytes / MEGABYTE)} MB`;
  if (bytes >= KILOBYTE) return `${number.format(bytes / KILOBYTE)} kB`;
  return `${number.format(bytes)} byte`;
}

/** The same megabytes as a number, to two decimals, for the API's English texts: 10485760 -> 10, 65536 -> 0.06. */
export function megabytes(bytes: number): number {
  return Number((bytes / MEGABYTE).toFixed(2));
}
