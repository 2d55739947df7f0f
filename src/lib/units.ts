// Unit keys as they travel on the wire, and the short Swedish labels people see (spec section 3).
// NONE exists on the server (an ingredient without a unit) but is never offered in the editor.

export const OFFERED_UNIT_KEYS = [
  'LITER',
  'DECILITER',
  'MILLILITER',
  'TABLESPOON',
  'TEASPOON',
  'PINCH',
  'GRAM',
  'KILOGRAM',
  'MILLIGRAM',
  'PIECES',
] as const;

export const UNIT_KEYS = [...OFFERED_UNIT_KEYS, 'NONE'] as const;

export type UnitKey = (typeof UNIT_KEYS)[number];
export type OfferedUnitKey = (typeof OFFERED_UNIT_KEYS)[number];

export const UNIT_LABELS = {
  LITER: 'l',
  DECILITER: 'dl',
  MILLILITER: 'ml',
  TABLESPOON: 'msk',
  TEASPOON: 'tsk',
  PINCH: 'krm',
  GRAM: 'g',
  KILOGRAM: 'kg',
  MILLIGRAM: 'mg',
  PIECES: 'st',
} as const satisfies Record<OfferedUnitKey, string>;

export type UnitLabel = (typeof UNIT_LABELS)[OfferedUnitKey];

const KEY_BY_LABEL = new Map<string, OfferedUnitKey>(OFFERED_UNIT_KEYS.map((key) => [UNIT_LABELS[key], key]));

export function isUnitKey(value: unknown): value is UnitKey {
  return typeof value === 'string' && (UNIT_KEYS as readonly string[]).includes(value);
}

/** The label shown for a key; NONE (no unit) shows as the empty string. */
export function unitLabel(key: UnitKey): UnitLabel | '' {
  return key === 'NONE' ? '' : UNIT_LABELS[key];
}

/** The key for a label ('dl' -> 'DECILITER'); undefined for an unknown label. */
export function unitKey(label: string): OfferedUnitKey | undefined {
  return KEY_BY_LABEL.get(label);
}

/** The text as a label if it is one ('dl'), else '' (no unit): how the editor reads a unit it is given. */
export function asUnitLabel(text: string): UnitLabel | '' {
  return unitKey(text) ? (text as UnitLabel) : '';
}
