// Limits that come from the database's types, shared by the schema and the routes.

/** Recipe ids and versions are PostgreSQL `integer`s: at most 2^31 - 1. */
export const MAX_DATABASE_INTEGER = 2_147_483_647;
