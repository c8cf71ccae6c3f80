export * from './schema.js';
export { checkConsistency, ConsistencyCheck, type ConsistencyIssue } from './consistency.js';
