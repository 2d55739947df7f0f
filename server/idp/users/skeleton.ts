import unhomoglyph from 'unhomoglyph';

/**
 * The confusable skeleton of Unicode TS #39 (section 4): NFD, each character replaced by its prototype from
 * Unicode's confusables.txt, NFD again. Two names with one skeleton look alike (`besokɑre` with a Latin alpha,
 * `rеdaktor` with a Cyrillic e, `anna1` and `annal`), so a new username or e-mail address whose skeleton is
 * some existing name's is taken. The table is the `unhomoglyph` package's copy of confusables.txt; the skeleton
 * is only compared, never shown or used as a name. Called on the normalised form (`normalise`).
 */
export const skeleton = (value: string): string => unhomoglyph(value.normalize('NFD')).normalize('NFD');
