/**
 * Vendor token formats: a fixed prefix or shape that makes them near-certain. Each keyword is
 * the prefix (lower-case), so the rule only runs on strings that contain it.
 */
import type { Rule } from '../types.js';

export const VENDOR_RULES: readonly Rule[] = [
  {
    id: 'aws-access-key-id',
    type: 'secret',
    description: 'AWS access key id (AKIA/ASIA/... followed by 16 base32 characters)',
    keywords: ['akia', 'asia', 'abia', 'acca'],
    pattern: /(?<![A-Za-z0-9])(?<secret>(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})(?![A-Za-z0-9])/,
    allow: [/EXAMPLE$/],
    examples: {
      match: ['aws_access_key_id = AKIAZ4X7Q2LMNB3RTY5W', '"AccessKeyId": "ASIAQ3R7ZK2MPLX6VNB4"'],
      noMatch: ['AKIAIOSFODNN7EXAMPLE', 'AKIAZ4X7Q2LMNB3RTY5WXYZ'],
    },
  },
];
