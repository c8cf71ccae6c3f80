/**
 * Secret classes v11 and v12 still lost (session 13), reproduced with other real programs
 * (test/program-captures/secret-classes-13/, how each was made is in its README): every planted
 * value is removed, the values beside them that are no secret stay, and the negative captures
 * come out unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const DIR = join(import.meta.dirname, 'program-captures', 'secret-classes-13');
const read = (file: string) => readFileSync(join(DIR, file), 'utf8');

const SSM_SECURE = ['Kv7&basalt-Rq2m', 'pW4xZr9LqT2mVb7K'];
const SSM_PLAIN = ['eu-west-1', 'https://ledger.internal:8443'];

/** Each capture, the values planted in it, and the values beside them that must stay. */
const PLANTED: Record<string, { secrets: readonly string[]; kept?: readonly string[] }> = {
  'aws-ssm-parameters-by-path-text.txt': { secrets: SSM_SECURE, kept: SSM_PLAIN },
  'aws-ssm-parameters-by-path-table.txt': { secrets: SSM_SECURE, kept: SSM_PLAIN },
  'aws-ssm-get-parameter-json.txt': { secrets: ['pW4xZr9LqT2mVb7K'], kept: ['/prod/ledger/api'] },
  'boto3-ssm-get-parameters-repr.txt': { secrets: SSM_SECURE, kept: ['eu-west-1'] },
};

const SQLITE_MODES = ['list-header', 'column', 'markdown', 'table', 'box', 'line', 'json', 'csv'];
const KIND_VALUE_SECRETS = ['Wq6!tundra-Lm3z', 'bk_7Rq2Lm9Zx4Tb8Nc3Wp6Hd', 'Hv3-quartz-Np8k', 'Zp4Kx9Lm2Qv7Rt3Wb8Nc5Hd1Js6Ty0Ua'];
for (const mode of SQLITE_MODES) PLANTED[`sqlite3-credentials-kind-value-${mode}.txt`] = { secrets: KIND_VALUE_SECRETS, kept: ['smtp_password', '2026-10-02'] };

for (const mode of ['column', 'markdown', 'table', 'box', 'csv', 'list']) PLANTED[`sqlite3-passphrase-cells-${mode}.txt`] = { secrets: ['velvet Orchid lantern 42', 'tundra 7 copper Ridge harbor'], kept: ['rotated monthly', 'release.key'] };

// a command that reads one secret prints it alone
PLANTED['git-config-get-smtppass.txt'] = { secrets: ['Wd7#cobalt2Rn'] };
PLANTED['jq-r-db-password.txt'] = { secrets: ['Pz8!heron4Tk'] };
PLANTED['jq-r-api-token.txt'] = { secrets: ['mK3vQ9xL2bR7nT5wY8zH'] };

PLANTED['go-fmt-plain-v-structs.txt'] = { secrets: ['Kq7!marble3Vz', 'Tz4#harbor9Lw', 'Xb8Lm2Qv9Rt4Kz7Wn3Pc', 'Hn5$tundra8Qp'], kept: ['db.internal', 'relay-bot', 'https://api.example.org', '0xc0000a0040'] };

const NEGATIVES: readonly string[] = [...[...SQLITE_MODES, 'list-noheader'].map((mode) => `negative-sqlite3-settings-references-${mode}.txt`), 'negative-go-test-v-dsn-placeholders.txt', 'negative-handmade-lua-config-code-values.lua', 'negative-lua-config-table-dump.txt', 'negative-jq-r-db-host.txt', 'negative-go-fmt-plain-v-clean-structs.txt'];

describe("secret classes in real programs' output (session 13)", () => {
  it.each(Object.entries(PLANTED))('%s: every planted value is removed, the rest stays', (file, { secrets, kept = [] }) => {
    const text = read(file);
    for (const value of [...secrets, ...kept]) expect(text).toContain(value);
    const out = createTextRedactor('standard')(text).text;
    for (const secret of secrets) expect(out).not.toContain(secret);
    for (const value of kept) expect(out).toContain(value);
  });

  it.each(NEGATIVES)('%s: comes out unchanged', (file) => {
    const text = read(file);
    expect(createTextRedactor('standard')(text).text).toBe(text);
  });
});
