export * from './client.ts';
export * from './schema.ts';
// search: the expressions of the search indexes, for queries that must use them
export * from './search-sql.ts';
