// The names of a recipe's fields as people read them, in one place (issue 53: "one set of field labels"): the form
// labels its fields with them and 'Historik' names what changed with them, so the history never calls a field
// something the form does not ('Tid att förbereda' where the form said 'Förberedelser', issue 54).
export const RECIPE_LABELS = {
  name: 'Namn',
  servings: 'Portioner',
  prepTime: 'Förberedelser',
  totalTime: 'Total tid',
  categories: 'Kategorier',
  source: 'Källa',
  photos: 'Bilder',
  ingredients: 'Ingredienser',
  instructions: 'Instruktioner',
} as const;
