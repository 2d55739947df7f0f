// The texts of 'Mått och vikt' (issue 57, items 4 and 5), in one place so the components and their tests agree.

export const TEXT = {
  switchLegend: 'Visa mängder',
  written: 'Som i receptet',
  weight: 'Vikt (g)',
  volume: 'Mått (dl)',
  /** How many amounts the chosen view changed: said politely after each change. */
  converted: (count: number, mode: 'weight' | 'volume') => {
    const to = mode === 'weight' ? 'vikt' : 'mått';
    if (count === 0) return `Ingen mängd i receptet kan räknas om till ${to}.`;
    return count === 1
      ? `1 mängd är omräknad till ${to}: den är ungefärlig (ca). Resten står som i receptet.`
      : `${count} mängder är omräknade till ${to}: de är ungefärliga (ca). Resten står som i receptet.`;
  },
  writtenNote: 'Mängderna står som i receptet.',
  scaleLegend: 'Skala efter det du har',
  ingredient: 'Ingrediens',
  amount: 'Det du har',
  amountHint: 'Till exempel 300 g, 1,5 dl eller 2',
  scale: 'Skala',
  reset: 'Återställ',
  /** 'Receptet gånger 0,6: ≈ 2 ½ portioner.' */
  result: (factor: string, servings: string) => `Receptet gånger ${factor}: ${servings}.`,
  resetNote: 'Receptet visas som förut.',
  nothingToMeasure: 'Receptet har inga mängder som kan räknas om till vikt eller mått, eller skalas efter det du har.',
} as const;
