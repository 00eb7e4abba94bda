/** The database schema, one file per area under schema/ (this re-export keeps `db/schema.ts` imports working). */
export * from './schema/index.ts';
