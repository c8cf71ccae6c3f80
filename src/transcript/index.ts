export * from './schema.js';
export { checkConsistency, type ConsistencyIssue } from './consistency.js';
