// The one Swedish stemmer of the book (issue 53 item 2): the Snowball algorithm PostgreSQL's 'swedish' text search
// configuration uses, as the generated code a maintained package ships (@orama/stemmers, Snowball's own JavaScript
// output), so the ingredient filter, the words filter's offline copy and the server agree word for word. The words
// filter on the server stems in PostgreSQL itself; PostgreSQL 18 (PGlite) has Snowball 3's newer rule for words
// ending in "öst" ("poröst" -> "porös"), which this package and PostgreSQL 15 do not have: the one difference found
// in 34,000 words (docs/finding.md).
import { stemmer } from '@orama/stemmers/swedish';

/**
 * The Snowball stem of one lower-case word ("potatisar" -> "potatis", "äggen" -> "ägg", "tomater" -> "tomat").
 * Swedish Snowball only takes endings off, and only after a word's first vowel-consonant and third letter, so the stem
 * is always the word's own beginning and never shorter than three letters (a shorter word is its own stem).
 */
export function swedishStem(word: string): string {
  return stemmer(word);
}
