// Oven temperatures in an imported recipe's steps as a Swedish oven shows them: °F becomes °C, rounded as oven dials
// are marked ("bake at 350°F" -> "bake at 175°C", 400°F -> 200°C); where the page gives both ("350°F (175°C)", "180°C/350°F") its own Celsius
// is kept and the Fahrenheit dropped; a British "gas mark 4" becomes 180°C when the text names no Celsius at all
// (docs/decisions/052-import-measures.md). Bounded patterns only (2-3 digits, single optional spaces): linear on
// any text.

const DEGREE = '(?:°|º|˚|\\s?degrees?|\\s?deg\\.?)';
// "350°F", "350 °F", "350 degrees F", "350 degrees Fahrenheit", "350℉", "350F", "350-375°F".
const F = `(\\d{2,3})(?:\\s?[-–]\\s?(\\d{2,3}))?(?:\\s?${DEGREE}\\s?(?:F|Fahrenheit)|\\s?℉|\\s?F)(?![a-z\\d])`;
// "175°C", "175 °C", "175 degrees C", "175C".
const C = `\\d{2,3}(?:\\s?[-–]\\s?\\d{2,3})?(?:\\s?${DEGREE}\\s?(?:C|Celsius)|\\s?℃|\\s?C)(?![a-z\\d])`;

const F_THEN_C = new RegExp(`(?<!\\d)${F}\\s?[(/,]?\\s?(?:or\\s)?(${C})\\)?`, 'giu');
const C_THEN_F = new RegExp(`(?<!\\d)(${C})\\s?[(/,]?\\s?(?:or\\s)?${F}\\)?`, 'giu');
const ONLY_F = new RegExp(`(?<!\\d)${F}`, 'giu');
// "180°C fan (355°F)": a Fahrenheit in brackets where the text gives Celsius is the page's translation.
const BRACKETED_F = new RegExp(`\\s?\\((?<!\\d)${F}\\)`, 'giu');
const ANY_C = new RegExp(`(?<!\\d)${C}`, 'iu');
const GAS_MARK = /\bgas mark (\d)(?!\d)/giu;

// Gas marks 1-9 in °C, as British ovens mark them.
const GAS_CELSIUS = [0, 140, 150, 170, 180, 190, 200, 220, 230, 240];

/** The text with every Fahrenheit temperature in Celsius (see above); anything else unchanged. */
export function celsiusInSteps(text: string): string {
  let out = text
    .replace(F_THEN_C, (_all, _f, _to, c: string) => tidyCelsius(c))
    .replace(C_THEN_F, (_all, c: string) => tidyCelsius(c));
  if (ANY_C.test(out)) out = out.replace(BRACKETED_F, '');
  out = out.replace(ONLY_F, (_all, f: string, to: string | undefined) =>
    to === undefined ? `${celsius(f)}°C` : `${celsius(f)}-${celsius(to)}°C`,
  );
  if (!ANY_C.test(out)) out = out.replace(GAS_MARK, (_all, mark: string) => `${GAS_CELSIUS[Number(mark)]}°C`);
  return out;
}

/**
 * °F as °C: to the degree below 120°C (sugar and meat thermometers: 240°F is 116°C), else as oven dials are marked:
 * 175, 200, 225 or 250 where within 2 degrees of it (350°F is 175°C), otherwise the nearest 10 (400°F is 200°C).
 */
function celsius(fahrenheit: string): string {
  const exact = ((Number(fahrenheit) - 32) * 5) / 9;
  if (exact < 120) return String(Math.round(exact));
  const dial = Math.round(exact / 25) * 25;
  return String(Math.abs(exact - dial) <= 2 ? dial : Math.round(exact / 10) * 10);
}

/** "175 degrees C" -> "175°C": the page's own Celsius, written as the Fahrenheit ones are. */
function tidyCelsius(c: string): string {
  const [, from, to] = /^(\d{2,3})(?:\s?[-–]\s?(\d{2,3}))?/u.exec(c)!;
  return to === undefined ? `${from}°C` : `${from}-${to}°C`;
}
