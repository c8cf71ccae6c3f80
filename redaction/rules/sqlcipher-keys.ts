/**
 * The key of an encrypted SQLite database (SQLCipher, SQLite's SEE, wxSQLite3): `PRAGMA key = '…'`,
 * `rekey` (the new key), `hexkey`/`hexrekey`/`textkey`, with or without a schema (`PRAGMA enc.key`),
 * and `ATTACH DATABASE 'x.db' AS enc KEY '…'`. A raw key is written `"x'<hex>'"`: the hex is the key.
 * The pragma's name is the only label, so a literal there is the secret whatever its shape (policy
 * rule 1) unless visibly not one (`secretInPlace`: a format placeholder, a reference); bind
 * parameters (`?`, `:key`, `$KEY`) are not read as values.
 */
import type { Rule, Span } from '../types.js';
import { secretInPlace } from '../value-judge.js';
import { placedSecret } from './placed-secret.js';

const PRAGMA = String.raw`\bPRAGMA[ \t]+(?:\w+\.)?(?:(?:hex)?(?:re)?key|textkey)[ \t]*[=(][ \t]*`;
const ATTACH = String.raw`\bATTACH[ \t]+(?:DATABASE[ \t]+)?(?:'[^'\n]{1,300}'|"[^"\n]{1,300}")[ \t]+AS[ \t]+\w+[ \t]+KEY[ \t]+`;
/** quoted (of the raw-key form `"x'<hex>'"`, the hex only), or bare to the statement's end */
const VALUE = String.raw`(?:(["'])(?:x'([0-9A-Fa-f]{16,256})'|((?!x')[^"'\n]{1,200}))\1|([^\s;'"?:$=)][^\s;'")]{0,200}))`;
const KEY_STATEMENT = new RegExp(String.raw`(?:${PRAGMA}|${ATTACH})${VALUE}`, 'dgi');

function* sqlcipherKeys(text: string): Iterable<Span> {
  KEY_STATEMENT.lastIndex = 0;
  for (let found = KEY_STATEMENT.exec(text); found; found = KEY_STATEMENT.exec(text)) {
    const group = [2, 3, 4].find((index) => found[index] !== undefined)!;
    const [start, end] = found.indices![group]!;
    if (secretInPlace(found[group]!, 'key')) yield { start, end };
  }
}

export const SQLCIPHER_KEY_RULES: readonly Rule[] = [
  placedSecret(
    'sqlcipher-key',
    "an encrypted SQLite database's key: `PRAGMA key|rekey|hexkey|hexrekey|textkey = '…'` (SQLCipher, SEE, wxSQLite3) and `ATTACH DATABASE 'x.db' AS enc KEY '…'`",
    { keywords: ['pragma', 'attach'], label: 'secret' },
    sqlcipherKeys,
    {
      match: [
        "sqlite> PRAGMA rekey = 'orchard-lamp-7';",
        'PRAGMA hexkey = "6f3a91c0d2e84b7fa1c05d9e3b2a7c40";',
        `PRAGMA key = "x'9C2B55E0A1D37F64B8E02C91D4A7F3B6'";`,
        "ATTACH DATABASE 'archive.db' AS arch KEY 'Pq4-vellum-31';",
        'pragma main.key=bluefin-radar-42;',
        "PRAGMA key('Wq7-harbor-15');",
      ],
      noMatch: ['PRAGMA journal_mode = WAL;', 'PRAGMA key = ?;', "ATTACH DATABASE 'plain.db' AS p;", 'PRAGMA foreign_keys = ON;', 'PRAGMA rekey = :newkey', 'PRAGMA key_info(idx_users);', "PRAGMA key = '%s';", "PRAGMA rekey = '{new_key}'", '$ sqlcipher app.db  # PRAGMA key, then .tables', 'set the PRAGMA key before any other statement'],
    },
  ),
];
