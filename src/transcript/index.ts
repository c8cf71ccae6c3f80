export * from './schema.js';
export { checkConsistency, ConsistencyCheck, type ConsistencyIssue } from './consistency.js';
export { EventsHash, eventsSha256 } from './events-hash.js';
