import { describe, expect, it } from 'vitest';
import {
  asUnitLabel,
  isUnitKey,
  OFFERED_UNIT_KEYS,
  UNIT_KEYS,
  UNIT_LABELS,
  unitKey,
  unitLabel,
} from '../../../src/lib/units.ts';

describe('units', () => {
  it('has 11 keys with NONE and offers the 10 others', () => {
    expect(UNIT_KEYS).toHaveLength(11);
    expect(UNIT_KEYS).toContain('NONE');
    expect(OFFERED_UNIT_KEYS).toHaveLength(10);
    expect(OFFERED_UNIT_KEYS).not.toContain('NONE');
  });

  it('labels every offered key as in the spec', () => {
    expect(UNIT_LABELS).toEqual({
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
    });
  });

  it('converts labels to keys and back', () => {
    for (const key of OFFERED_UNIT_KEYS) expect(unitKey(unitLabel(key))).toBe(key);
    expect(unitKey('dl')).toBe('DECILITER');
    expect(unitLabel('NONE')).toBe('');
  });

  it('gives undefined for unknown labels (keys are not labels)', () => {
    expect(unitKey('')).toBeUndefined();
    expect(unitKey('DL')).toBeUndefined();
    expect(unitKey('LITER')).toBeUndefined();
    expect(unitKey('toString')).toBeUndefined();
  });

  it('recognises keys', () => {
    expect(isUnitKey('PINCH')).toBe(true);
    expect(isUnitKey('krm')).toBe(false);
    expect(isUnitKey(3)).toBe(false);
  });
});

describe('asUnitLabel', () => {
  it('keeps a label and turns anything else into no unit', () => {
    expect(asUnitLabel('dl')).toBe('dl');
    expect(asUnitLabel('')).toBe('');
    expect(asUnitLabel('DECILITER')).toBe('');
    expect(asUnitLabel('cup')).toBe('');
  });
});
