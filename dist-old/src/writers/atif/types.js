/**
 * The parts of an ATIF v1.7 trajectory document this writer makes (schema/atif-v1.7.schema.json
 * is the full shape). Field names are ATIF's own (snake_case); what ATIF has no field for goes
 * into `extra` under the Transcript's own (camelCase) field names.
 */
export const ATIF_VERSION = 'ATIF-v1.7';
//# sourceMappingURL=types.js.map