export * from './schema.js';
export { checkConsistency, ConsistencyCheck } from './consistency.js';
export { EventsHash, eventsSha256 } from './events-hash.js';
//# sourceMappingURL=index.js.map