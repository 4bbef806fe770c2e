export * from './client.ts';
export * from './schema.ts';
// search (issue 4): the expressions of the search indexes, for queries that must use them
export * from './search-sql.ts';
