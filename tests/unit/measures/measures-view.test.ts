import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  MeasureSwitch,
  ScaleByAmountForm,
  convertibleCounts,
  measuredAmounts,
} from '../../../src/features/measures/measures-view.tsx';
import { TEXT } from '../../../src/features/measures/measures-texts.ts';

// The components of 'Mått och vikt' (issue 57, items 4 and 5), drawn on the server: this project has no DOM for
// unit tests (no jsdom), so what is checked here is the markup (labels, descriptions, what is offered); the clicks
// are the e2e test's once RecipeCard draws them.
const INGREDIENTS = [
  { name: 'Vetemjöl', quantity: { value: 3, unit: 'dl' } },
  { name: 'Smör', quantity: { value: 100, unit: 'g' } },
  { name: 'Ägg', quantity: { value: 2, unit: 'st' } },
  { name: 'Ägg', note: 'till pensling', quantity: { value: 1, unit: 'st' }, doNotScale: true },
  { name: 'Salt' },
];
const noop = () => undefined;

const ids = (html: string, attribute: string) =>
  [...html.matchAll(new RegExp(`${attribute}="([^"]+)"`, 'g'))].flatMap((m) => m[1]!.split(' '));

describe('Visa mängder', () => {
  it('offers the three views as radios in a fieldset, the note tied to it', () => {
    const html = renderToStaticMarkup(
      createElement(MeasureSwitch, { ingredients: INGREDIENTS, mode: 'weight', onMode: noop }),
    );
    expect(html).toContain(`<legend>${TEXT.switchLegend}</legend>`);
    for (const label of [TEXT.written, TEXT.weight, TEXT.volume]) expect(html).toContain(label);
    expect(html.match(/type="radio"/g)).toHaveLength(3);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*value="weight"/);
    const described = ids(html, 'aria-describedby');
    expect(described).toHaveLength(1);
    expect(html).toContain(`id="${described[0]}"`);
    expect(html).toContain(TEXT.converted(1, 'weight'));
  });

  it('counts what each view converts, and is not offered where nothing would change', () => {
    expect(convertibleCounts(INGREDIENTS)).toEqual({ weight: 1, volume: 1 });
    const none = [
      { name: 'Mjölk', quantity: { value: 5, unit: 'dl' } },
      { name: 'Ägg', quantity: { value: 2, unit: 'st' } },
    ];
    expect(
      renderToStaticMarkup(createElement(MeasureSwitch, { ingredients: none, mode: 'written', onMode: noop })),
    ).toBe('');
  });

  it('hands the owner the amounts of the view chosen', () => {
    expect(measuredAmounts(INGREDIENTS, 'weight')).toEqual(['ca 180 g', '100 g', '2', '1', '']);
    expect(measuredAmounts(INGREDIENTS, 'volume')).toEqual(['3 dl', 'ca 1,1 dl', '2', '1', '']);
  });
});

describe('Skala efter det du har', () => {
  const html = renderToStaticMarkup(
    createElement(ScaleByAmountForm, { ingredients: INGREDIENTS, servings: 4, onScaled: noop }),
  );

  it('labels its select and its field', () => {
    expect(html).toContain(`<legend>${TEXT.scaleLegend}</legend>`);
    for (const id of ids(html, 'for')) expect(html).toMatch(new RegExp(`<(select|input)[^>]*id="${id}"`));
    expect(ids(html, 'for')).toHaveLength(2);
    const described = ids(html, 'aria-describedby');
    expect(described).toHaveLength(1);
    expect(html).toContain(`id="${described[0]}"`);
    expect(html).toContain(TEXT.amountHint);
  });

  it('offers only the ingredients with an amount that scales, with that amount', () => {
    const options = [...html.matchAll(/<option value="(\d+)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['0', 'Vetemjöl (3 dl)'],
      ['1', 'Smör (100 g)'],
      ['2', 'Ägg (2)'],
    ]);
  });

  it('has a button to scale and one to go back', () => {
    expect(html).toMatch(new RegExp(`<button type="submit"[^>]*>${TEXT.scale}</button>`));
    expect(html).toMatch(new RegExp(`<button type="button"[^>]*>${TEXT.reset}</button>`));
  });

  it('is not drawn for a recipe with nothing to scale by', () => {
    const none = [{ name: 'Salt' }, { name: 'Ägg', quantity: { value: 1, unit: 'st' }, doNotScale: true }];
    expect(
      renderToStaticMarkup(createElement(ScaleByAmountForm, { ingredients: none, servings: 4, onScaled: noop })),
    ).toBe('');
  });
});
