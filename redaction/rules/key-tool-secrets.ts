/**
 * Secrets that key tools take or print in their own forms: the password ktutil reads on the line
 * after `addent -password …` (a script piped to it, as people automate keytabs), the key
 * block `borg key export` prints under its `BORG_KEY <repository id>` line (the repository's key,
 * sealed only by its passphrase), the volume key `encfsctl showKey` and `gocryptfs-xray -dumpmasterkey` print, and a password a tool
 * is told by the program it runs for it (`-extpass "echo X"`, `passwordeval "echo X"`).
 */
import type { Rule, Span } from '../types.js';
import { secretInPlace } from '../value-judge.js';
import { placedSecret } from './placed-secret.js';

/** `addent -password -p PRINCIPAL -k KVNO -e ENCTYPE`, a line break (or `\n` in a printf string), then the password. */
const KTUTIL_PASSWORD = /\baddent[ \t]+-password\b[^\n\\]{0,300}(?:\r?\n|\\n)(?<value>[^\s\\'"]{3,200})(?=\r?\n|\\n|['"]|$)/dg;
/** `encfsctl showKey DIR` or `gocryptfs-xray -dumpmasterkey CONF`, its password prompt if echoed, then the key it prints on a line of its own. */
const ENCFS_SHOW_KEY = /\b(?:encfsctl[ \t]+showKey|gocryptfs-xray[ \t]+-dumpmasterkey)\b[^\n]*\r?\n(?:[^\n]{0,40}Password:[ \t]*\r?\n)?(?<value>[A-Za-z0-9+/,=-]{16,400})(?=\r?\n|$)/dg;
/**
 * A program a tool runs to be told the password, given as `echo`/`printf` of it (gocryptfs and
 * sshfs's `-extpass "echo X"`, `--passcmd`, msmtp's and mutt's `passwordeval "echo X"`): the echoed word is the password.
 */
const ECHOED_PASSWORD = /(?<![\w-])-{0,2}(?:extpass|passcmd|passwordeval|pass(?:word)?[-_]?(?:command|cmd|program|eval))[ \t]*[= \t][ \t]*(?<quote>["'])(?:echo|printf)(?:[ \t]+-[ne]{1,2})?(?:[ \t]+(?:'%s'|"%s"|%s))?[ \t]+["']?(?<value>[^\s'"]{3,200})["']?\k<quote>/dg;
/** `BORG_KEY <64 hex>`, then the key's base64 lines. */
const BORG_KEY_BLOCK = /\bBORG_KEY[ \t]+[0-9a-f]{64}[ \t]*\r?\n(?<value>(?:[A-Za-z0-9+/]{20,100}={0,2}\r?\n?){2,60})/dg;

function* keyToolSecrets(text: string): Iterable<Span> {
  KTUTIL_PASSWORD.lastIndex = 0;
  for (let found = KTUTIL_PASSWORD.exec(text); found; found = KTUTIL_PASSWORD.exec(text)) {
    if (!secretInPlace(found.groups!.value!, 'password')) continue;
    const [start, end] = found.indices!.groups!.value!;
    yield { start, end };
  }
  for (const form of [ENCFS_SHOW_KEY, ECHOED_PASSWORD]) {
    form.lastIndex = 0;
    for (let found = form.exec(text); found; found = form.exec(text)) {
      if (form === ECHOED_PASSWORD && !secretInPlace(found.groups!.value!, 'password')) continue;
      const [start, end] = found.indices!.groups!.value!;
      yield { start, end };
    }
  }
  BORG_KEY_BLOCK.lastIndex = 0;
  for (let found = BORG_KEY_BLOCK.exec(text); found; found = BORG_KEY_BLOCK.exec(text)) {
    const [start, end] = found.indices!.groups!.value!;
    const block = text.slice(start, end);
    yield { start, end: start + block.trimEnd().length };
  }
}

export const KEY_TOOL_SECRET_RULES: readonly Rule[] = [
  placedSecret(
    'key-tool-secret',
    "a secret in a key tool's own form: the password ktutil reads on the line after `addent -password …` (also in a printf string piped to it), and the key block `borg key export` prints under `BORG_KEY <repository id>`",
    { keywords: ['addent', 'borg_key', 'showkey', 'dumpmasterkey', 'extpass', 'passcmd', 'passwordeval', 'passcommand', 'pass-command', 'pass_command', 'password-command', 'password_command', 'passwordcommand', 'password-cmd', 'password_cmd', 'pass-cmd'], label: 'secret' },
    keyToolSecrets,
    {
      match: [
        "printf 'addent -password -p ann@CORP.EXAMPLE -k 1 -e aes256-cts-hmac-sha1-96\\nRv4-larch-Qm82\\nwkt ann.keytab\\n' | ktutil",
        'ktutil <<EOF\naddent -password -p svc/web@CORP.EXAMPLE -k 3 -e aes256-cts\nPm7vLq2Zx9Kw\nwkt svc.keytab\nEOF',
        '$ encfsctl showKey ~/vault.enc\nEncFS Password: \nq3LmX8vR2nT9kW4z,Hb7Pd1Yc6Fs0,Jg5QaN\n',
        'gocryptfs -extpass "echo Tide-Larch-42" ~/cipher ~/plain',
        '$ gocryptfs-xray -dumpmasterkey vault/gocryptfs.conf\nPassword: \n9f1c2e3d4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d\n',
        'passwordeval "printf \'%s\' Rv4Qm82Lx"',
        'BORG_KEY 0f3a9c1e7b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a\nhqlhbGdvcml0aG2mc2hhMjU2pGRhdGHaAN5Kq2vLm8Zx4Tw7Rp3\nNw8cYh1dFs6Gb0JkT2kLx9Pz4Wn8Hx4kV9mQ2tLz7Rp3Nw8cYh1',
      ],
      noMatch: [
        "printf 'addent -password -p ann@CORP.EXAMPLE -k 1 -e aes256-cts\\n$KT_PASS\\n' | ktutil",
        'ktutil:  addent -keytab -p ann@CORP.EXAMPLE -k 1 -e aes256-cts',
        'ktutil:  addent -password -p ann@CORP.EXAMPLE -k 1 -e aes256-cts\nPassword for ann@CORP.EXAMPLE: \nktutil:  wkt ann.keytab',
        'BORG_KEY is set from the vault before the backup runs',
        'gocryptfs -extpass "echo $GOCRYPTFS_PW" ~/cipher ~/plain',
        'encfsctl showKey ~/vault.enc\nError: wrong password\n',
      ],
    },
  ),
];
