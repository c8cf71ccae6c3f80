/**
 * A key's id inside the credential document that holds the key: a Google service-account key file
 * (`"private_key_id": "<40 hex>"` before its `"private_key": "-----BEGIN PRIVATE KEY-----…"`).
 * Alone a key id is not a secret (redaction/README.md, rule 4); written in the key file beside the
 * key it is part of that credential, as an AWS access key id is beside its secret. A placeholder
 * key (no key material after the armour) leaves the id alone. Read as the file is shown: plain,
 * JSON-escaped, or with a reader's line numbers.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

/** What may stand between the id's line and the key's: the id's comma, a line break, a reader's line number. */
const BETWEEN = String.raw`,(?:\\+n|\s){1,4}(?:\d{1,5}(?:\t| \| |: |→))?\s{0,8}`;
const QUOTE = String.raw`\\{0,3}"`;

export const CREDENTIAL_DOCUMENT_KEY_ID_RULES: readonly Rule[] = [
  placedSecret(
    'credential-document-key-id',
    "a service-account key file's `private_key_id` (40 hex) right before the private key it names",
    { keywords: ['private_key_id'], keywordStarts: true, label: 'key-id' },
    new RegExp(
      String.raw`private_key_id${QUOTE}\s*:\s*${QUOTE}(?<secret>[0-9a-f]{40})${QUOTE}(?=${BETWEEN}${QUOTE}private_key${QUOTE}\s*:\s*${QUOTE}-----BEGIN [A-Z ]{0,20}PRIVATE KEY-----(?:\\+n|\s)+[A-Za-z0-9+/]{20})`,
    ),
    {
      match: [
        '{\n  "type": "service_account",\n  "project_id": "ledger-prod-311",\n  "private_key_id": "0be1c7d94e2a68f35b0c9d81e7f4a263c5d8b910",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC7\\n-----END PRIVATE KEY-----\\n",',
        '3 |   "private_key_id": "7f3a09d2c4b1e85a6d0f9c27b3e4a1d8c5f60b29",\n4 |   "private_key": "-----BEGIN PRIVATE KEY-----\\\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\\\n',
      ],
      noMatch: [
        '{"private_key_id": "<private-key-id>", "private_key": "-----BEGIN PRIVATE KEY-----\\n<paste the key here>\\n-----END PRIVATE KEY-----\\n"}',
        '{"private_key_id": "7f3a09d2c4b1e85a6d0f9c27b3e4a1d8c5f60b29", "private_key": "-----BEGIN PRIVATE KEY-----\\n<paste the key here>\\n-----END PRIVATE KEY-----\\n"}',
        'KEY_ID                                    CREATED_AT            EXPIRES_AT\n7f3a09d2c4b1e85a6d0f9c27b3e4a1d8c5f60b29  2026-01-04T10:12:55Z  9999-12-31T23:59:59Z',
        '"private_key_id": "7f3a09d2c4b1e85a6d0f9c27b3e4a1d8c5f60b29",\n  "client_email": "etl@ledger-prod-311.iam.gserviceaccount.com"',
      ],
    },
  ),
];
