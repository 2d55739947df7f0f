// One drizzle schema for both drivers; each domain owns its file and its migrations.
export * from './recipe-tables.ts';
export * from './user-tables.ts';
export * from './photo-tables.ts';
export * from './category-tables.ts';
export * from './history-tables.ts';
