// One drizzle schema for both drivers; each domain owns its file and its migrations.
export * from './recipes.ts';
export * from './users.ts';
export * from './photos.ts';
export * from './categories.ts';
