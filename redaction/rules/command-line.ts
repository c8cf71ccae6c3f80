/**
 * Family `generic`, continued: passwords that command-line tools take in their own ways: a short
 * flag only that tool reads as a password (`sqlcmd -P`, `ldapsearch -w`), a password stuck to its
 * flag (`7z -pX`), glued to the user (`smbclient -U user%X`, `lftp -u user,X`), or a positional
 * argument (`htpasswd -b file user X`, `net use share X /user:u`, `aws configure set … X`).
 */
import { matchesAt } from '../anchored.js';
import type { Rule, Span } from '../types.js';
import { classifyName, sensitiveValue } from './assignment.js';
import { placedSecret } from './placed-secret.js';
import { holdsNoSecret } from './secret-entry.js';

/**
 * The value of a flag, not a `$VAR` or an option: quoted (also JSON-escaped), up to its closing
 * quote, spaces and all (`-N "two words here"`: a passphrase), or bare, up to a space.
 */
const VALUE = String.raw`\\{0,3}(?:"(?<secret>[^\s"\\$-][^"\\\n]{1,198}[^\s"\\])\\{0,3}"|'(?<secret_sq>[^\s'\\$-][^'\\\n]{1,198}[^\s'\\])\\{0,3}'|(?<secret_bare>[^\s"'\\$-][^\s"'\\]{2,200}))`;
/** The rest of one command line before the flag (no pipe or `;` in between). */
const SAME_COMMAND = String.raw`[^\n|;&]{0,200}?[ \t]`;
/** A string literal as a call's argument (also JSON-escaped), not an interpolation. */
const CALL_LITERAL = String.raw`\\{0,3}["'](?<secret>(?![^"'\\\n]*\$\{)(?!\$[A-Za-z_])[^"'\\\n]{8,300})\\{0,3}["']`;
/** A command that stores the secret it reads on stdin: `vercel env add`, `wrangler secret put`, `gh secret set`. */
const STORES_SECRET = String.raw`\b(?:(?:vercel|netlify)[ \t]+env[ \t]+(?:add|set)|wrangler[ \t]+(?:pages[ \t]+)?secret[ \t]+put|(?:gh|glab)[ \t]+(?:secret|variable)[ \t]+set|(?:docker|podman)[ \t]+secret[ \t]+create|doppler[ \t]+secrets[ \t]+set|supabase[ \t]+secrets[ \t]+set|gcloud[ \t]+secrets[ \t]+(?:create|versions[ \t]+add)|circleci[ \t]+context[ \t]+store-secret)\b`;
/** Where a command's name ends: not inside a longer name (`passwd-sync`, `kinit.sh`, `passwd_helper` are other programs). */
const COMMAND_WORD_END = String.raw`(?![\w.-])`;
/**
 * Tools that prompt for a new password (and its confirmation) but read a pipe when there is no
 * terminal, or hash what stdin gives them: pure-pw, FreeBSD's `pw … -h 0`, ProFTPD's `ftpasswd
 * --stdin`, `htpasswd -i`, `mkpasswd -s`, `openssl passwd -stdin`. What is piped in is the password.
 */
const PROMPTS_TWICE_OR_HASHES = String.raw`\bpure-pw[ \t]+(?:useradd|usermod|passwd)\b|\bpw[ \t]+(?:useradd|usermod)\b[^\n|;&]{0,200}?[ \t]-h[ \t]+0\b|\b(?:ftpasswd|mkpasswd)\b[^\n|;&]{0,200}?[ \t](?:--stdin|-s)\b|\bhtpasswd\b[^\n|;&]{0,200}?[ \t]-[a-zA-Z]*i\b|\bopenssl[ \t]+passwd\b[^\n|;&]{0,200}?[ \t]-stdin\b|${STORES_SECRET}`;
/** A command that reads a password on stdin, up to the flag or name that says so. */
const READS_STDIN = String.raw`(?:[^\n|;&]{0,200}?(?:--password-stdin|--pass-stdin|--with-token|--token-stdin|--key-file[= \t]-(?![\w-])|--passphrase-fd[= \t]0\b|\bpasswd[ \t]+--stdin|\bglab[ \t]+auth[ \t]+login[^\n|;&]{0,100}?--stdin)|\bsudo(?:[ \t]+-[A-Za-z]+)*[ \t]+-[A-Za-z]*S\b|\bkinit${COMMAND_WORD_END}|(?:sudo[ \t]+)?(?:passwd|vncpasswd|smbpasswd|pdbedit|saslpasswd2|kpasswd)${COMMAND_WORD_END}|${PROMPTS_TWICE_OR_HASHES})`;

/** `INSERT INTO users (email, password) VALUES`: the table, its columns, then the rows. */
const SQL_INSERT = /\bINSERT[ \t]+INTO[ \t]+[\w."`[\]]{1,100}[ \t]*\(([^()]{1,1000})\)\s{0,20}VALUES\s{0,20}/gi;
/** The same, tried where the rule's keyword (`insert`) starts, as every match does. */
const SQL_INSERT_AT = new RegExp(SQL_INSERT.source, 'iy');
/** One cell of a row: a quoted string (`''` escapes a quote) or a bare number, NULL, a function call without nesting. */
const SQL_CELL = /\s{0,20}(?:'((?:[^'\n]|'')*)'|[^,()'\n]{0,200}(?:\([^()\n]{0,200}\))?)\s{0,20}([,)])/y;
const MAX_SQL_ROWS = 1000;

/** The cells under columns named like a password or a secret in the rows of an `INSERT … VALUES` (given where `insert` starts, tried there only). */
function* sqlInsertSecrets(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const insert of keywordStarts ? matchesAt(SQL_INSERT_AT, text, keywordStarts) : text.matchAll(SQL_INSERT)) {
    const columns = insert[1]!.split(',').map((column) => column.trim().replace(/^[`"[]|[`"\]]$/g, ''));
    if (!columns.some((column) => /pass|pwd|secret|token|key|cred|salt|pin/i.test(column))) continue;
    let at = insert.index + insert[0].length;
    for (let row = 0; row < MAX_SQL_ROWS && text[at] === '('; row++) {
      at += 1;
      for (let column = 0; ; column++) {
        SQL_CELL.lastIndex = at;
        const cell = SQL_CELL.exec(text);
        if (!cell) break;
        const value = cell[1];
        if (value !== undefined && column < columns.length && sensitiveValue(columns[column]!, value.replaceAll("''", "'"))) {
          const start = text.indexOf("'", at) + 1;
          yield { start, end: start + value.length };
        }
        at = cell.index + cell[0].length;
        if (cell[2] === ')') break;
      }
      const next = /^\s{0,20},\s{0,20}(?=\()/.exec(text.slice(at, at + 50));
      if (!next) break;
      at += next[0].length;
    }
  }
}

/** The flags each tool reads as a password, and the value after one. */
const TOOL_PASSWORD_FLAG_SOURCE = String.raw`\b(?:(?:sqlcmd|osql|bcp|zip|unzip|mosquitto_(?:pub|sub|rr))${SAME_COMMAND}-P[ \t]+|ipmitool${SAME_COMMAND}-[Pky][ \t]+|ncftp(?:get|put|ls)?${SAME_COMMAND}-p[ \t]+|[xw]l?freerdp${SAME_COMMAND}[/-]p:|ldap(?:search|modify|modrdn|add|delete|whoami|passwd|compare|exop|url)${SAME_COMMAND}-w[ \t]+|(?:mongo(?:sh|dump|restore|export|import|stat|top)?|az[ \t]+login|snowsql|cqlsh|clickhouse-client|influx)${SAME_COMMAND}(?:-p|--password)(?:[ \t]+|=)|(?:7z|7za|7zr|rar|unrar)${SAME_COMMAND}-h?p(?=[^\s-])|(?:pscp|plink|psftp)${SAME_COMMAND}-pw[ \t]+|(?:twine[ \t]+upload|vsce[ \t]+publish|ovsx[ \t]+publish|cf[ \t]+login|oc[ \t]+login|expo[ \t]+login|rabbitmqadmin)${SAME_COMMAND}-p[ \t]+|ssh-keygen${SAME_COMMAND}-[NP][ \t]+|openssl[ \t]+enc${SAME_COMMAND}-k[ \t]+|keytool${SAME_COMMAND}-new[ \t]+|pk12util${SAME_COMMAND}-[KW][ \t]+|cmsutil${SAME_COMMAND}-p[ \t]+|signtool${SAME_COMMAND}[/-]p[ \t]+|doctl${SAME_COMMAND}(?:-t|--access-token)[ \t]+)${VALUE}`;
const TOOL_PASSWORD_FLAG = { at: new RegExp(TOOL_PASSWORD_FLAG_SOURCE, 'dy'), search: new RegExp(TOOL_PASSWORD_FLAG_SOURCE, 'dg') };
/** At most this many values a command takes in its password flags (`ssh-keygen -p -P old -N new`, `ldappasswd -w bind -a old -s new`). */
const MAX_VALUES_A_LINE = 8;

/**
 * Every value of a tool's password flags on its command line, not only the first: the pattern
 * matches from the tool's name to one flag's value; the value found is blanked out on a copy of
 * the line and the pattern tried again there, so the next flag of that tool is found the same way.
 */
/** Where the value is: the `secret…` group of VALUE that took part in the match. */
function valueRange(match: RegExpExecArray): [number, number] | undefined {
  const groups = match.indices?.groups;
  return groups?.secret ?? groups?.secret_sq ?? groups?.secret_bare;
}

function* everyValueOnTheLine(flag: { at: RegExp; search: RegExp }, text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  const first = keywordStarts ? matchesAt(flag.at, text, keywordStarts) : [...text.matchAll(flag.search)];
  for (const match of first) {
    const from = match.index;
    // a match reaches at most the tool, 200 characters, a flag and its value
    const window = text.slice(from, from + 640);
    const lineEnd = window.indexOf('\n');
    let line = lineEnd < 0 ? window : window.slice(0, lineEnd);
    let value = valueRange(match);
    for (let count = 0; value && count < MAX_VALUES_A_LINE; count++) {
      yield { start: value[0], end: value[1] };
      line = line.slice(0, value[0] - from) + ' '.repeat(value[1] - value[0]) + line.slice(value[1] - from);
      flag.at.lastIndex = 0;
      const next = flag.at.exec(line);
      const range = next ? valueRange(next) : undefined;
      value = range ? [range[0] + from, range[1] + from] : undefined;
    }
  }
}

/**
 * Commands that take settings as `key value` pairs of positional arguments, up to where the pairs
 * start: `rclone config create NAME TYPE`, `rclone config update NAME`, `rclone config password
 * NAME` (its values are all passwords), `cf set-env APP`, `pulumi config set` (`--secret` makes
 * its value one), `etcdctl put`.
 */
const PAIRS_COMMAND = /\b(?:rclone[ \t]+config[ \t]+(?:create[ \t]+\S+[ \t]+\S+|update[ \t]+\S+|(?<all>password)[ \t]+\S+)|cf[ \t]+set-env[ \t]+\S+|pulumi[ \t]+config[ \t]+set|etcdctl(?:[ \t]+--[\w-]+=\S+)*[ \t]+put)(?=[ \t])/dgi;
/** One argument: quoted (also JSON-escaped) or bare. */
const ARGUMENT = /[ \t]+(?:\\{0,3}"([^"\\\n]*)\\{0,3}"|'([^'\n]*)'|([^\s"'|;&]+))/y;
/** How far a command's arguments are read, at most up to the next such command (a bound on the work on one long line). */
const MAX_COMMAND_LENGTH = 1000;
/** Flags of these commands that take the next argument as their value. */
const FLAGS_WITH_A_VALUE = new Set(['-s', '--stack', '-C', '--cwd', '--config-file', '--config', '--endpoints', '--user']);
/** The value of a password or secret setting: not a `$VAR`, an option or a placeholder shorter than 3. */
const PAIR_VALUE = /^[^\s$-][^\n]{1,499}[^\s]$/;

/** `rclone config create r s3 … secret_access_key X`, `rclone config password r pass X`, `pulumi config set dbPassword X --secret`: the values of secret settings. */
function* keyValuePairValues(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  const commands = keywordStarts ? matchesAt(PAIRS_COMMAND_AT, text, keywordStarts) : [...text.matchAll(PAIRS_COMMAND)];
  for (const [index, command] of commands.entries()) {
    const limit = Math.min(commands[index + 1]?.index ?? text.length, command.index + MAX_COMMAND_LENGTH);
    const positional: { value: string; start: number }[] = [];
    let secretFlag = false;
    ARGUMENT.lastIndex = command.index + command[0].length;
    for (let argument = ARGUMENT.exec(text), skipNext = false; argument; argument = ARGUMENT.exec(text)) {
      if (argument.index + argument[0].length > limit) break;
      const value = argument[1] ?? argument[2] ?? argument[3]!;
      const start = argument.index + argument[0].length - value.length - (argument[3] === undefined ? (argument[0].endsWith('\\"') ? 2 : 1) : 0);
      if (skipNext) skipNext = false;
      else if (argument[3]?.startsWith('-')) {
        if (value === '--secret') secretFlag = true;
        skipNext = FLAGS_WITH_A_VALUE.has(value);
      } else positional.push({ value, start });
    }
    const every = command.groups?.all !== undefined || secretFlag;
    for (let i = 0; i + 1 < positional.length; i += 2) {
      const [key, value] = [positional[i]!, positional[i + 1]!];
      if (!PAIR_VALUE.test(value.value) || key.value.includes('=')) continue;
      if (every || sensitiveValue(key.value, value.value)) yield { start: value.start, end: value.start + value.value.length };
    }
  }
}
const PAIRS_COMMAND_AT = new RegExp(PAIRS_COMMAND.source, 'dyi');

/** `rclone obscure X` (a password), `rclone reveal X` (one obscured: rclone's obscuring is reversible), and what `obscure` printed on the next line. */
const RCLONE_OBSCURE = /\brclone[ \t]+(obscure|reveal)[ \t]+(?:--?[\w-]+[ \t]+)*\\{0,3}["']?([^\s"'\\$-][^\s"'\\]{2,500})\\{0,3}["']?[ \t]*(?:\r?\n([A-Za-z0-9_-]{22,700})(?=[ \t]*(?:\r?\n|$)))?/dyi;

function* rcloneObscured(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const match of matchesAt(RCLONE_OBSCURE, text, keywordStarts ?? allStarts(text, /rclone/gi))) {
    const indices = match.indices!;
    yield { start: indices[2]![0], end: indices[2]![1] };
    if (match[1]!.toLowerCase() === 'obscure' && indices[3]) yield { start: indices[3][0], end: indices[3][1] };
  }
}

function allStarts(text: string, pattern: RegExp): number[] {
  return [...text.matchAll(pattern)].map((match) => match.index);
}

/** Commands whose every `NAME=value` argument is stored as a secret: `kubectl create secret generic … --from-literal=NAME=X`, `fly secrets set A=X B=Y`. */
const SECRET_STORE_COMMAND = /\b(?:(?:kubectl|oc)(?:[ \t]+--?[\w-]+(?:=\S+|[ \t]+[^\s-]\S*)?){0,6}?[ \t]+create[ \t]+secret[ \t]+generic|(?:fly|flyctl)[ \t]+secrets[ \t]+(?:set|import))(?=[ \t])/dgi;
const SECRET_STORE_COMMAND_AT = new RegExp(SECRET_STORE_COMMAND.source, 'dyi');
/** `NAME=value` as an argument (after `--from-literal=` or a space), quoted whole, quoted value or bare. */
const STORED_PAIR = /[ \t]+(?:--from-literal[= \t])?\\{0,3}["']?([A-Za-z_][\w.-]{0,100})=(?:\\{0,3}"([^"\\\n]{1,500})\\{0,3}"|'([^'\n]{1,500})'|([^\s"'\\|;&]{1,500}))|[ \t]+[^\s|;&]+/y;

/** Every value such a command stores, but a setting's that is not shaped like a credential (`username=admin`, `host=db`). */
function* storedSecretValues(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  const commands = keywordStarts ? matchesAt(SECRET_STORE_COMMAND_AT, text, keywordStarts) : [...text.matchAll(SECRET_STORE_COMMAND)];
  for (const [index, command] of commands.entries()) {
    const limit = Math.min(commands[index + 1]?.index ?? text.length, command.index + MAX_COMMAND_LENGTH);
    STORED_PAIR.lastIndex = command.index + command[0].length;
    for (let pair = STORED_PAIR.exec(text); pair; pair = STORED_PAIR.exec(text)) {
      if (pair.index + pair[0].length > limit) break;
      const value = pair[2] ?? pair[3] ?? pair[4];
      if (value === undefined || !PAIR_VALUE.test(value) || holdsNoSecret(pair[1]!, value, false)) continue;
      const end = pair.index + pair[0].length - (pair[4] !== undefined ? 0 : pair[0].endsWith('\\"') ? 2 : 1);
      yield { start: end - value.length, end };
    }
  }
}

/** `heroku config:set A=x B=y`: config vars, secret or not; a secret's name says which is one. */
const CONFIG_VARS_COMMAND = /\bheroku[ \t]+config:(?:set|add)(?=[ \t])/dgi;
const CONFIG_VARS_COMMAND_AT = new RegExp(CONFIG_VARS_COMMAND.source, 'dyi');

/** The values of config vars named like a secret, whatever their length (a short one is still the password). */
function* secretConfigVars(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  const commands = keywordStarts ? matchesAt(CONFIG_VARS_COMMAND_AT, text, keywordStarts) : [...text.matchAll(CONFIG_VARS_COMMAND)];
  for (const [index, command] of commands.entries()) {
    const limit = Math.min(commands[index + 1]?.index ?? text.length, command.index + MAX_COMMAND_LENGTH);
    STORED_PAIR.lastIndex = command.index + command[0].length;
    for (let pair = STORED_PAIR.exec(text); pair; pair = STORED_PAIR.exec(text)) {
      if (pair.index + pair[0].length > limit) break;
      const value = pair[2] ?? pair[3] ?? pair[4];
      if (value === undefined || classifyName(pair[1]!) === null || !PAIR_VALUE.test(value) || holdsNoSecret(pair[1]!, value, false)) continue;
      const end = pair.index + pair[0].length - (pair[4] !== undefined ? 0 : pair[0].endsWith('\\"') ? 2 : 1);
      yield { start: end - value.length, end };
    }
  }
}

/**
 * A Windows-style switch naming a password, then `:` or `=` and the value: `/p:X`, `/password:X`,
 * `/TargetPassword:X` (sqlpackage), `/pass:X` (cmdkey), after a blank. Not `$VAR`, `%VAR%`, `<x>`, `{{x}}`.
 */
const WINDOWS_SECRET_SWITCH = /(?<=[ \t])\/(?:(?:[A-Za-z]{1,24})?(?:password|passwd|pass|pwd|pw|secret|apikey)|p)[:=]\\?["']?(?<secret>[^\s"'\\$%<{][^\s"'\\]{2,200})/i;

export const COMMAND_LINE_RULES: readonly Rule[] = [
  placedSecret(
    'cli-windows-secret-switch',
    'a password after a Windows-style switch that names it: `/p:X`, `/password:X`, `/TargetPassword:X` (sqlpackage, msdeploy, cmdkey, xfreerdp)',
    { label: 'password', keywords: ['/p:', '/p=', 'password:', 'password=', 'passwd:', 'passwd=', 'pass:', 'pass=', 'pwd:', 'pwd=', 'pw:', 'pw=', 'secret:', 'secret=', 'apikey:', 'apikey='] },
    WINDOWS_SECRET_SWITCH,
    {
      match: [
        'SqlPackage /Action:Publish /TargetServerName:db01 /TargetUser:deploy /TargetPassword:Kz7-heron-Vq3m /SourceFile:app.dacpac',
        'cmdkey /generic:fileshare /user:CORP\\ops /pass:Wq4-tansy-Lm8r',
        'tscon-helper /v:host01 /u:ops /p:Rt5-clover-Nz2k',
        'dbtool /server:db02 /AdminPwd=Rk5-fennel-Tz8q /quiet',
        'vpn-join /gw:edge1 /user:ops /passwd:Lm3-sorrel-Wq7t',
      ],
      noMatch: ['cmdkey /generic:fileshare /user:ops /pass:%SHARE_PASS%', 'SqlPackage /TargetPassword:$(DbPassword)', 'tool /p:<password>', 'see the docs /password:reset for details', 'GET /api/token:refresh', 'installer /setup:Standard /log:install.txt', 'imaging /backup:NightlyFull /target:nas'],
    },
  ),
  placedSecret('heroku-config-secret', 'the values of config vars named like a secret in `heroku config:set A=x B=y`, short ones too', { label: 'secret', keywords: ['heroku'], keywordStarts: true },
    secretConfigVars,
    { match: ['heroku config:set SESSION_SECRET=Tm3v --app web', 'heroku config:set LOG_LEVEL=info API_TOKEN=zq81 -a billing', 'heroku config:set SMTP_PASSWORD="Lk4 Vr7" -a mailer'], noMatch: ['heroku config:set LOG_LEVEL=debug WEB_CONCURRENCY=3', 'heroku config:set API_TOKEN=$API_TOKEN -a web', 'heroku config:set SESSION_SECRET=changeme', 'heroku config:get SESSION_SECRET -a web'] }),
  {
    id: 'cli-tool-password-flag',
    type: 'secret',
    label: 'password',
    description: 'a short flag that a given tool reads as a password or key: sqlcmd/bcp/zip/mosquitto_pub -P, ipmitool -P and its IPMI v2 Kg key (-k text, -y hex), ldap* -w, mongo*/az/snowsql/ncftp -p, xfreerdp /p:X, 7z/rar -pX, PuTTY -pw, twine/vsce/ovsx/cf/oc/expo/rabbitmqadmin -p, ssh-keygen -N/-P, openssl enc -k, keytool -new, NSS pk12util -K/-W and cmsutil -p, signtool /p, doctl -t; every such flag on the line (`ssh-keygen -p -P old -N new`), a quoted value up to its quote',
    // `rar ` and `zip ` with their space: `library`, `array` and `gzip` are everywhere
    keywords: ['sqlcmd', 'bcp ', 'ipmitool', 'zip ', 'ldap', 'mongo', 'az login', 'snowsql', '7z ', '7za ', '7zr ', 'rar ', 'osql', 'mosquitto_', 'ncftp', 'freerdp', 'cqlsh', 'clickhouse-client', 'influx', 'pscp', 'plink', 'psftp', 'twine', 'vsce', 'ovsx', 'cf login', 'oc login', 'expo login', 'rabbitmqadmin', 'ssh-keygen', 'openssl enc', 'keytool', 'pk12util', 'cmsutil', 'signtool', 'doctl'],
    // searched whole (`unzip` holds no keyword where it starts), like a pattern without keywordStarts
    detector: (text, keywordStarts) => everyValueOnTheLine(TOOL_PASSWORD_FLAG, text, keywordStarts),
    shield: 'values',
    entropy: 2,
    examples: {
      match: ['sqlcmd -S db01 -U sa -P Gh4!vLq9Zx -Q "select 1"', 'ldapwhoami -x -D cn=ops,dc=lab -w QmTrvxkpWbnLdHsa', 'ldapwhoami -x -D cn=admin,dc=corp -w Rt8#kMv2Lp', 'ldapexop -x -D cn=ops,dc=lab -w Pq3-wren-Zt7k whoami', '7z a -pQm3!xLv8Kp backup.7z docs/', 'mongosh --host db -u root -p Wv6$kT2mLq', 'mosquitto_sub -h mq.lan -u meter -P Kx4!vQ8mZt -t power/#', 'xfreerdp /v:rdp01 /u:ops /p:Lm3#qT7vKz /cert:ignore', 'plink -batch -ssh ops@gw01 -pw Vx7!qLm2Kz uptime', 'npx @vscode/vsce publish -p Qe8Lm2Vz7Kx4Rt9W', 'oc login https://api.ocp.lan:6443 -u dev -p Hq5#vL8mZt', 'ssh-keygen -t ed25519 -N "Rv8!kQz2Lm" -f deploy_key', "ssh-keygen -p -P 'Kelp9-tundra' -N 'brass otter 61 lamp' -f ~/.ssh/id_ecdsa", 'keytool -keypasswd -alias api -new Wq4!rTz8Lm -keystore app.p12', 'pk12util -o out.p12 -n web -d sql:/etc/pki/nssdb -K Yt6#pLq3Vx -W Gz2!mKw9Rc', 'signtool sign /fd SHA256 /f code.pfx /p Hx5$qLm8Tz setup.exe', 'ipmitool -I lanplus -H bmc07.rack -U ops -P Tz4-moss-Kq8 -y 3e9a0c7b51d2f8a64c0e1b97d5a3f2c8e6b0d417 power status', "ipmitool -I lanplus -H 10.9.0.41 -U admin -E -k 'Vw2#larch-91' sel elist"],
      noMatch: ['zip -r -P $ZIP_PASSWORD out.zip dir/', 'ldapsearch -x -W -b dc=corp', 'mongodump --port 27017 -d app', 'unzip -P - out.zip', 'sqlcmd -S db01 -E -Q "select 1"', 'pscp -i key.ppk notes.txt ops@gw01:/tmp', 'twine upload -r internal dist/*', 'oc login -u dev --server=https://api.ocp.lan:6443', 'ssh-keygen -t ed25519 -N "" -f deploy_key', 'ssh-keygen -l -f key.pub', 'keytool -certreq -alias api -file new.csr', 'pk12util -i in.p12 -d sql:. -k slot.pw -w p12.pw', 'signtool verify /pa /v setup.exe', 'ipmitool -I lanplus -H bmc07.rack -U ops -E -K chassis status', 'ipmitool -I lanplus -H bmc07.rack -U ops -f /root/.ipmi-pass -Y sdr list', 'ipmitool -I lanplus -H bmc07.rack -U ops -k "$IPMI_KG" -P "$BMC_PASS" mc info'],
    },
  },
  placedSecret('cli-key-value-pairs', 'the values of secret settings that a command takes as `key value` positional pairs: rclone config create/update (secret_access_key X, pass X), rclone config password (every value), cf set-env APP NAME X, pulumi config set NAME X (--secret: any value), etcdctl put NAME X', { label: 'password', keywords: ['rclone', 'cf set-env', 'pulumi', 'etcdctl'], keywordStarts: true },
    keyValuePairValues,
    { match: ['rclone config create nas sftp host 10.0.4.2 user backup pass Tw6!qLm3Vz', 'rclone config update archive account 0031bd7e key K003mV8qLz2Rt7Wn4Xp9Hb', 'rclone config password nas pass "Lq9 Harbor 41"', 'cf set-env billing SMTP_PASSWORD Jr5#vKq2Lm', 'pulumi config set --stack prod dbRootPassword Pv7!mQz2Lt', 'pulumi config set signingSeed Gw2kQv8mXr4L --secret'], noMatch: ['rclone config create nas sftp host 10.0.4.2 user backup', 'rclone config update nas pass $NAS_PASS', 'cf set-env billing LOG_LEVEL debug', 'pulumi config set aws:region eu-west-1', 'rclone config create nas sftp pass=Tw6Lm3Vz'] }),
  placedSecret('cli-stored-secret-pairs', 'every value a command stores as a secret from NAME=X arguments: kubectl/oc create secret generic --from-literal=NAME=X, fly secrets set A=X B=Y; settings not shaped like a credential (username=admin) stay', { label: 'secret', keywords: ['create secret', 'secrets set', 'secrets import'], entropy: 2.5 },
    storedSecretValues,
    { match: ['kubectl create secret generic billing --from-literal=stripe=Vq8Lm3Zx7Kp2Wt9R -n prod', 'kubectl -n prod create secret generic relay --from-literal=user=mailer --from-literal=smtp="Rk4!vQz8Lm"', 'flyctl secrets set RAILS_MASTER=Hq2vLm8Zx4Tk SIGNING=Wd7Kq3Vz9Lp2'], noMatch: ['kubectl create secret generic cfg --from-literal=username=admin --from-literal=host=db.internal', 'kubectl create secret generic app --from-literal=token=$TOKEN', 'fly secrets set API_KEY=${API_KEY}'] }),
  placedSecret('rclone-obscure', "a password given to `rclone obscure`, an obscured one given to `rclone reveal`, and what `rclone obscure` printed on the next line: rclone's obscuring is reversible (a fixed key), so the obscured form is the password", { label: 'password', keywords: ['rclone'], keywordStarts: true },
    rcloneObscured,
    { match: ['rclone obscure Nq4!vLm8Tz', '$ rclone obscure "Nq4!vLm8Tz"\nWk3j0PzJqsvBRmE5Ze2uKo3NvYqzXb2xTgw9Ag', 'rclone reveal Wk3j0PzJqsvBRmE5Ze2uKo3NvYqzXb2xTgw9Ag'], noMatch: ['rclone obscure -', 'rclone obscure $PASS', 'rclone obscure --help'] }),
  placedSecret('cli-user-glued-password', 'a password glued to the user name: the Samba tools (smbclient, rpcclient, smbcacls, samba-tool, net rpc/ads, ...) -U user%X, lftp -u user,X; glued to the host as MPD clients take it: mpc -h X@host, MPD_HOST=X@host', { label: 'password', keywords: ['smb', 'rpcclient', 'mdsearch', 'samba-tool', 'net rpc', 'net ads', 'net sam', 'net dom', 'net rap', 'net offlinejoin', 'lftp', 'mpc', 'mpd_host'] },
    new RegExp(
      [
        String.raw`\b(?:(?:smb[a-z]{3,12}|rpcclient|mdsearch|samba-tool|net[ \t]+(?:rpc|ads|sam|dom|rap|offlinejoin))${SAME_COMMAND}(?:-U|--user(?:=|[ \t]+))[ \t]*\\{0,3}["']?(?:[^\s%"'\\]{1,60}\\{1,2})?[^\s%"'\\]{1,100}%|lftp${SAME_COMMAND}-u[ \t]+\\{0,3}["']?[^\s,"'\\]{1,100},)(?<secret>[^\s"'\\]{3,200})`,
        String.raw`(?:\bmpc${SAME_COMMAND}(?:-h|--host)[ \t=]+|\bMPD_HOST=)\\{0,3}["']?(?<secret2>[^\s@"'\\$/][^\s@"'\\]{2,200})@`,
      ].join('|'),
    ),
    { match: ['smbclient //fs01/docs -U ann%Pk7!vQz2Lm', 'lftp -u upload,Xn4#qT8vLp sftp://drop.corp.example', 'smbcquotas //fs02/home -U CORP\\ops%Jv5-larch-Qm8t -L', 'mpc -h Wq4-heron-Lm8@localhost play', 'MPD_HOST=Wq4-heron-Lm8@music.lan mpc status'], noMatch: ['smbclient -L fs01 -U ann', 'lftp -u upload sftp://drop.corp.example', 'smbstatus -U root', 'mount -t cifs //fs01/x /mnt -o username=ann%', 'mpc -h localhost play', 'MPD_HOST=/run/mpd/socket mpc status', 'MPD_HOST=$MPD_PASS@localhost mpc'] }),
  placedSecret('cli-positional-password', 'a password given as a positional argument: htpasswd -b, ipmitool user set password ID X, net use (before or after /user:), net user, mysqladmin password, nmcli password, openssl passwd, aws configure set for a secret setting, poetry config http-basic.<repo> user X; to tools that hash it: pg_md5, mkpasswd, mosquitto_passwd -b, slappasswd -s, doveadm pw -p, caddy hash-password --plaintext; radtest user X; account tools: prosodyctl/ejabberdctl register, fossil user password/new, murmurd -supw, samba-tool user create, net rpc user add / net rpc|ads password, isql DSN USER X, pdftk user_pw|owner_pw|input_pw', { label: 'password', keywords: ['samba-tool', 'net rpc', 'net ads', 'isql', 'pdftk', 'prosodyctl', 'ejabberdctl', 'fossil', 'murmurd', 'pg_md5', 'mkpasswd', 'mosquitto_passwd', 'radtest', 'slappasswd', 'doveadm', 'caddy', 'htpasswd', 'net use', 'net user', 'ipmitool', 'mysqladmin', 'nmcli', 'aws configure set', 'openssl passwd', 'ansible-vault', 'mc alias', 'mc config', 'drush', '-command', 'insecure-password', 'http-basic.'] },
    new RegExp(
      [
        // htpasswd's password is its last positional argument: it may start with `-`
        String.raw`\bhtpasswd(?:[ \t]+-[A-Za-z]*b[A-Za-z]*)(?:[ \t]+-[A-Za-z]+)*(?:[ \t]+(?<=-[A-Za-z]*n[A-Za-z]*[ \t]+)|[ \t]+\S+[ \t]+)\S+[ \t]+\\{0,3}["']?(?<secret>[^\s"'\\$][^\s"'\\]{2,200})`,
        String.raw`\binsecure-password[ \t]+\\{0,3}["']?(?<secret13>[^\s"'\\$][^\s"'\\]{2,200})`,
        String.raw`\bnet[ \t]+use[ \t]+(?:[A-Za-z]:[ \t]+)?\\{2,4}\S+[ \t]+\\{0,3}["']?(?<secret2>[^\s"'\\/*][^\s"'\\]{2,200})\\{0,3}["']?[ \t]+\/(?:user|u):`,
        String.raw`\bnet[ \t]+use[ \t]+(?:[A-Za-z]:[ \t]+)?\\{2,4}\S+[ \t]+\/(?:user|u):\S+[ \t]+\\{0,3}["']?(?<secret7>[^\s"'\\/*][^\s"'\\]{2,200})`,
        String.raw`\bopenssl[ \t]+passwd(?:[ \t]+-(?:salt[ \t]+\S+|[\w-]+))*[ \t]+\\{0,3}["']?(?<secret8>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bansible-vault[ \t]+encrypt_string[ \t]+(?:--?[\w-]+(?:[= \t]+[^\s'"-]\S*)?[ \t]+)*\\{0,3}["']?(?<secret9>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+\\{0,3}["']?(?<secret10>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bpoetry[ \t]+config[ \t]+http-basic\.[\w.-]+[ \t]+\S+[ \t]+\\{0,3}["']?(?<secret14>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bdrush[ \t]+(?:user:password|upwd)[ \t]+\S+[ \t]+\\{0,3}["']?(?<secret11>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`--(?:password|pass|passphrase)-command[ \t=]+\\{0,3}["']?(?:echo|printf)[ \t]+\\{0,3}["']?(?<secret12>[^\s"'\\$-][^\s"'\\]{2,200})`,
        // Windows: `net user NAME PASSWORD [/add]` (`*` asks for it)
        String.raw`\bnet[ \t]+user[ \t]+\\{0,3}["']?[^\s"'/\\]{1,64}\\{0,3}["']?[ \t]+\\{0,3}["']?(?<secret15>[^\s"'\\/*$][^\s"'\\]{2,200})\\{0,3}["']?(?=[ \t]+\/|[ \t]*(?:\r?\n|$|\\n|[;&|]))`,
        // ipmitool's `user set password ID PASS` (a BMC account's new password; without PASS it asks)
        String.raw`\bipmitool${SAME_COMMAND}user[ \t]+set[ \t]+password[ \t]+\d{1,3}[ \t]+\\{0,3}["']?(?<secret30>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bmysqladmin${SAME_COMMAND}password[ \t]+\\{0,3}["']?(?<secret3>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bnmcli${SAME_COMMAND}(?:password|wifi-sec\.psk|802-1x\.password)[ \t]+\\{0,3}["']?(?<secret4>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\baws[ \t]+configure[ \t]+set[ \t]+(?:[\w-]+\.)?(?:aws_secret_access_key|aws_session_token|secret_key)[ \t]+\\{0,3}["']?(?<secret5>[^\s"'\\$][^\s"'\\]{7,2048})`,
        // tools that hash the password they are given (the hash they print is not the secret; the argument is)
        String.raw`\bpg_md5(?:[ \t]+(?:-m|--md5auth|-[uf][ \t]*[^\s-]\S*|--(?:username|config-file)[= \t]\S+))*[ \t]+\\{0,3}["']?(?<secret16>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bmkpasswd(?:[ \t]+(?:-[mSR][ \t]*[^\s-]\S*|--(?:method|salt|rounds)[= \t]\S+|-5))*[ \t]+\\{0,3}["']?(?<secret17>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bmosquitto_passwd(?:[ \t]+-[cH](?:[ \t]+sha512(?:-pbkdf2)?)?)*[ \t]+-b(?:[ \t]+-[cH](?:[ \t]+sha512(?:-pbkdf2)?)?)*[ \t]+\S+[ \t]+\S+[ \t]+\\{0,3}["']?(?<secret18>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bradtest(?:[ \t]+-(?:[tPd][ \t]+\S+|[x46]))*[ \t]+[^\s-]\S*[ \t]+\\{0,3}["']?(?<secret19>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bslappasswd(?:[ \t]+-[a-zA-Z](?:[ \t]+[^\s-]\S*)?)*?[ \t]+-s[ \t]+\\{0,3}["']?(?<secret20>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bdoveadm[ \t]+pw(?:[ \t]+-[a-zA-Z](?:[ \t]+[^\s-]\S*)?)*?[ \t]+-p[ \t]+\\{0,3}["']?(?<secret21>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bcaddy[ \t]+hash-password(?:[ \t]+--?[\w-]+(?:[ \t=]+[^\s-]\S*)?)*?[ \t]+(?:--plaintext|-p)[ \t=]+\\{0,3}["']?(?<secret22>[^\s"'\\$-][^\s"'\\]{2,200})`,
        // account tools that take the new password after the account: XMPP servers (`register|change_password USER HOST PASS`),
        // Fossil (`user password USER PASS`, `user new USER CONTACT PASS`), Mumble's server (`-supw PASS`)
        String.raw`\b(?:prosodyctl|ejabberdctl)(?:[ \t]+--?[\w-]+(?:[= \t]+[^\s-]\S*)?)*?[ \t]+(?:register|change_password|set_password)[ \t]+[^\s-]\S*[ \t]+[^\s-]\S*[ \t]+\\{0,3}["']?(?<secret23>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bfossil[ \t]+user[ \t]+(?:password[ \t]+[^\s-]\S*|new[ \t]+[^\s-]\S*[ \t]+\\{0,3}(?:"[^"\n]{0,100}"|'[^'\n]{0,100}'|[^\s"'-]\S*))[ \t]+\\{0,3}["']?(?<secret24>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bmurmurd\b[^\n]{0,200}?[ \t]-supw[ \t]+\\{0,3}["']?(?<secret25>[^\s"'\\$-][^\s"'\\]{2,200})`,
        // Samba's `net rpc user add USER PASS`, `net rpc|ads password USER PASS`; unixODBC's `isql DSN USER PASS`; pdftk's `user_pw|owner_pw|input_pw PASS` (`PROMPT` asks)
        String.raw`\bsamba-tool[ \t]+user[ \t]+(?:create|add)[ \t]+[^\s-]\S*[ \t]+\\{0,3}["']?(?<secret29>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bnet[ \t]+(?:rpc[ \t]+user[ \t]+add|(?:rpc|ads)[ \t]+password)[ \t]+[^\s-]\S*[ \t]+\\{0,3}["']?(?<secret26>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bi(?:u)?sql(?:[ \t]+-[\w-]+)*[ \t]+[^\s-]\S*[ \t]+[^\s-]\S*[ \t]+\\{0,3}["']?(?<secret27>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bpdftk\b[^\n|;&]{0,300}?[ \t](?:user_pw|owner_pw|input_pw)[ \t]+(?:[A-Z]{1,8}=)?\\{0,3}["']?(?!PROMPT\b)(?<secret28>[^\s"'\\$-][^\s"'\\]{2,200})`,
      ].join('|'),
    ),
    {
      match: [
        'htpasswd -b -c /etc/nginx/.htpasswd admin Lq8#vT2mKx',
        'htpasswd -nb admin Lq8#vT2mKx',
        'prosodyctl register mira chat.example.net Tz4-lantern-88',
        'ejabberdctl change_password ops im.example.org Wq9vLm2Kx7',
        'fossil user password ci-bot Rm3-quartz-51 -R /srv/repo.fossil',
        'fossil user new devon "Devon <devon@example.net>" Kp8vQ2Lm4x -R repo.fossil',
        'murmurd -ini /etc/mumble-server.ini -supw Hv6-ember-20',
        'net use Z: \\\\fs01\\share Vr5!kQ9mLp /user:CORP\\ann',
        'net user svc_reports Kt6#wLz9Qm /add /expires:never',
        'mysqladmin -u root password Hz3$qW7vLm',
        'nmcli dev wifi connect Office password Tb6#mK2vQx',
        'aws configure set aws_secret_access_key Kq7vL2mX9pR4tW8nZ3cF6hJ1sD5gB0yE2aQ4wE7r',
        'poetry config http-basic.corp ci-bot Wq4#vLm8Zx',
        'net use \\\\fs01\\share /user:CORP\\ann Qd7!mV2kLx',
        'openssl passwd -6 -salt Xy12 Rb8$vK3mQz',
        "ansible-vault encrypt_string 'Hz4!kQ8vLm' --name smtp_password",
        'mc alias set backup https://s3.corp.example BKP7Q2LMNB3RTY5W Wz8Kq2Vm7Lx4Pn9Rt3Bc6Yh1',
        'restic -r /srv/repo --password-command "echo Tq6#vL2mKz" snapshots',
        'pg_md5 Qv7-ember-Lz2k',
        'pg_md5 -m -u replicator -f /etc/pgpool2/pgpool.conf Qv7-ember-Lz2k',
        'mkpasswd -m sha-512 -S Xy12ab34 Qv7-ember-Lz2k',
        'mosquitto_passwd -c -b /etc/mosquitto/passwd sensor Qv7-ember-Lz2k',
        'radtest -t mschap ann Qv7-ember-Lz2k 127.0.0.1 0 Wt4-radius-Kq9',
        'slappasswd -h {SSHA} -s Qv7-ember-Lz2k',
        'doveadm pw -s SHA512-CRYPT -p Qv7-ember-Lz2k',
        'caddy hash-password --plaintext Qv7-ember-Lz2k',
        'net rpc user add svc-print Mq4-thistle-58 -S dc1 -U CORP\\admin',
        'net ads password ann Lw2vKq8mZx -U admin',
        'samba-tool user create kiosk Pd5-fennel-27 --given-name=Kiosk',
        'isql -v reports_dsn analyst Hc7-orchard-31',
        'pdftk in.pdf output out.pdf owner_pw Tz6-lagoon-44 user_pw Bx3vLq9mWk',
        'ipmitool -I lanplus -H bmc3.lab -U admin -E user set password 4 Qw7-tarn-35 20',
      ],
      noMatch: ['ipmitool user set password 4', 'ipmitool user set name 4 backup-ops', 'poetry config http-basic.corp ci-bot $REPO_PASSWORD', 'htpasswd -c /etc/nginx/.htpasswd admin', 'net use Z: \\\\fs01\\share /user:CORP\\ann', 'aws configure set region eu-west-1', 'echo hello | sudo tee /etc/motd', 'nmcli dev wifi list', 'openssl passwd -6 -stdin < pw.txt', 'net use Z: \\\\fs01\\share /user:CORP\\ann /persistent:yes', 'net user svc_reports * /add', 'net user svc_reports /active:no', 'net user ann /domain', 'poetry config http-basic.corp ci-bot $REPO_PASSWORD', 'pg_md5 -p -m -u replicator', 'mkpasswd -s -m sha-512 < pw.txt', 'mosquitto_passwd -c /etc/mosquitto/passwd sensor', 'slappasswd -h {SSHA} -T pw.txt', 'doveadm pw -s SHA512-CRYPT', 'caddy hash-password', 'radtest -h', 'mkpasswd -m help', 'prosodyctl register ann chat.example.net', 'prosodyctl adduser ann@chat.example.net', 'ejabberdctl registered_users im.example.org', 'fossil user list -R repo.fossil', 'fossil user password ci-bot -R repo.fossil', 'murmurd -ini /etc/mumble-server.ini -supw $SUPW', 'net rpc user add svc-print -S dc1', 'net rpc user info ann', 'samba-tool user create kiosk --random-password', 'isql -v reports_dsn', 'isql -v reports_dsn analyst $ODBC_PASS', 'pdftk in.pdf input_pw PROMPT output out.pdf', 'pdftk a.pdf b.pdf cat output both.pdf'],
    }),
  placedSecret('cli-stdin-password', 'a literal echoed or here-string fed to a command that reads a password or stores a secret from stdin: docker/podman/helm login --password-stdin, gh auth login --with-token, glab auth login --stdin, cryptsetup --key-file -, gpg --passphrase-fd 0, sudo -S, passwd (--stdin or not), vncpasswd, smbpasswd -s, pdbedit, kinit, chpasswd (user:X), vercel env add, wrangler secret put, gh secret set', { label: 'password', keywords: ['-stdin', 'with-token', 'key-file', 'passphrase-fd', 'passwd', 'pdbedit', 'pure-pw', 'pw user', 'glab auth', 'sudo -', 'chpasswd', 'kinit', 'env add', 'env set', 'secret put', 'secret set', 'variable set', 'secret create', 'secrets create', 'versions add', 'store-secret', 'secrets set'] },
    new RegExp(
      [
        String.raw`\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?(?:\\{0,3}["']%s(?:\\{1,2}n)?\\{0,3}["'][ \t]+)?\\{0,3}["']?(?<secret>[^\s"'\\|$-][^\s"'\\|]{2,200})(?:\\{1,2}[nr](?:[^\s"'\\|]{1,200}(?:\\{1,2}[nr])?)?)?\\{0,3}["']?[ \t]*\|[ \t]*${READS_STDIN}`,
        String.raw`${READS_STDIN}[^\n|;&]{0,200}?<<<[ \t]*\\{0,3}["']?(?<secret2>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\b(?:echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?\\{0,3}["']?[\w.-]{1,64}:(?<secret3>[^\s"'\\|$][^\s"'\\|]{2,200})(?:\\{1,2}n)?\\{0,3}["']?[ \t]*\|[ \t]*(?:sudo[ \t]+)?chpasswd${COMMAND_WORD_END}`,
        String.raw`\bchpasswd${COMMAND_WORD_END}[^\n|;&]{0,100}?<<<[ \t]*\\{0,3}["']?[\w.-]{1,64}:(?<secret4>[^\s"'\\$][^\s"'\\]{2,200})`,
      ].join('|'),
    ),
    {
      match: [
        'echo "Wq7!mK3vLz" | docker login registry.corp.example -u ci --password-stdin',
        "echo -n 'Rv4-larch-Qm82' | cryptsetup open --key-file - /dev/sdb1 vault",
        "echo 'Tide-Larch-42' | gpg --batch --passphrase-fd 0 -d notes.gpg",
        'gh auth login --hostname ghe.corp.example --with-token <<< Qm7vT2kLx9Pz4Wn8Hx4k',
        'echo Qm7vT2kLx9Pz4Wn8Hx4k | glab auth login --hostname gitlab.corp.example --stdin',
        "printf '%s' 'Tz5#qV8mKx' | helm registry login oci.corp.example --username ci --password-stdin",
        'sudo -S systemctl restart app <<< "Pm4$kQ9vLx"',
        "echo 'Mz4!qV8kLt' | sudo -S apt-get update",
        'printf "%s" "Rq8vLm3Kz7Tx2Wn9" | gcloud secrets create billing-key --data-file=-',
        'echo "deploy:Hv2!qT6mLz" | sudo chpasswd',
        "printf 'Wn3#kTz8Lq\\n' | podman login quay.internal -u bot --password-stdin",
        'sudo chpasswd <<< "backup:Rm9$vKq2Zt"',
        'npx wrangler secret put STRIPE_KEY <<< "Lq8Vz2Km7Xp4Wn9Rt3Bc"',
        'echo -e "Gv5-larch-62\\nGv5-larch-62" | sudo passwd kiosk',
        'vncpasswd -f <<< Tq3mLz8vKw > ~/.vnc/passwd',
        "printf 'Rd4-cedar-19\\nRd4-cedar-19\\n' | smbpasswd -s -a ann",
        'echo "Wr6-basin-33" | passwd --stdin build',
        'echo Kv8-spruce-14 | kinit ops@CORP.EXAMPLE',
        "printf 'Lm4-osprey-27\\nLm4-osprey-27\\n' | pure-pw useradd web3 -u 2001 -d /srv/ftp/web3 -m",
        'echo "Tk9-alder-51" | pw useradd kiosk -m -h 0',
        'echo Qz3-willet-85 | htpasswd -i -c /etc/nginx/.htpasswd ann',
        "printf '%s' 'Vn2-sedge-40' | mkpasswd -s -m sha-512",
      ],
      noMatch: [
        'echo "$REGISTRY_TOKEN" | docker login ghcr.io -u ci --password-stdin',
        'cat token.txt | docker login --password-stdin',
        'echo hello | sudo tee /etc/motd',
        'echo "deploy:$NEW_PW" | chpasswd',
        'passwd -S kiosk | grep -q P && echo locked',
        'echo "$PW" | vncpasswd -f',
        'echo Qm7vT2kLx9 | passwd-audit --report',
        "printf 'Hx4-ridge-70' | passwd_rotate.py --dry-run",
        'pure-pw useradd web3 -u 2001 -d /srv/ftp/web3 -m',
        'echo reloaded | pure-pw mkdb /etc/pure-ftpd/pureftpd.pdb',
        'echo ann | htpasswd -c /etc/nginx/.htpasswd ann',
      ],
    }),
  placedSecret('cli-secret-value-flag', 'the value given to a command that stores a secret: gh secret set NAME --body X, flyctl secrets set NAME=X', { label: 'secret', keywords: ['secret set', 'secrets set'] },
    new RegExp(String.raw`\b(?:gh|glab)[ \t]+secret[ \t]+set${SAME_COMMAND}(?:-b|--body)(?:[ \t]+|=)${VALUE}|\b(?:fly|flyctl)[ \t]+secrets[ \t]+set[ \t]+[A-Za-z_]\w{0,80}=\\{0,3}["']?(?<secret2>[^\s"'\\$][^\s"'\\]{2,500})`),
    { match: ['gh secret set DEPLOY_KEY --body "Lz8#kV3mQx" --repo corp/app', 'fly secrets set SESSION_KEY=Wq5!mK9vLt'], noMatch: ['gh secret set DEPLOY_KEY < key.txt', 'gh secret set DEPLOY_KEY --body "$DEPLOY_KEY"'] }),
  placedSecret('call-password-argument', 'a password passed as an argument after a user name: new PDO(dsn, user, X), mysqli_connect(host, user, X), getConnection(url, user, X), login(user, X), auth(user, X), authenticate(user, X), LDAP simple_bind_s(dn, X), signInWithEmailAndPassword(auth, mail, X), NetworkCredential(user, X); a gateway private key after environment, merchant and public key (Braintree)', { label: 'password', keywords: ['pdo(', 'mysqli', 'mysql_connect', 'getconnection', 'login(', 'credential(', 'credentials(', 'authentication(', 'basicauth(', 'basic_auth(', 'environment.', 'auth(', 'authenticate(', 'signin(', 'sign_in(', 'bind_s(', 'simple_bind(', 'signinwithemailandpassword('] },
    /(?:\bnew[ \t]+PDO|\bmysqli_connect|\bnew[ \t]+mysqli|\bmysql_connect|\.getConnection)\([^(),\n]{1,200},[ \t]*[^(),\n]{1,100},[ \t]*\\?["'](?<secret>[^"'\\\n]{3,200})\\?["']|\bEnvironment\.(?:Production|Sandbox|Development|Qa)[ \t]*,[ \t]*\\?["'][^"'\\\n]{1,100}\\?["'][ \t]*,[ \t]*\\?["'][^"'\\\n]{1,100}\\?["'][ \t]*,[ \t]*\\?["'](?<secret3>[^"'\\\n]{8,200})\\?["']|\bsignInWithEmailAndPassword\([^(),\n]{1,100},[ \t]*\\?["'][^"'\\\n]{1,100}\\?["'][ \t]*,[ \t]*\\?["'](?<secret4>[^"'\\\n]{3,200})\\?["']|\b(?:login|auth|authenticate|signIn|sign_in|simple_bind_s|simple_bind|bind_s|NetworkCredential|PasswordAuthentication|UsernamePasswordCredentials|PasswordCredential|SetBasicAuth|setBasicAuth|BasicAuth|basicAuth|withBasicAuth|HTTPBasicAuth|basic_auth)\([ \t]*\\?["'][^"'\\\n]{1,100}\\?["'][ \t]*,[ \t]*\\?["'](?<secret2>[^"'\\\n]{3,200})\\?["']/,
    { match: ['$db = new PDO("mysql:host=db;dbname=app", "app", "Kq7!vL2mZx");', 'server.login("alerts@corp.example", "Tw4#mQ8vLk")', 'new NetworkCredential("svc-build", "Hv9$kQ3mLp")', 'req.SetBasicAuth("admin", "Gq4!vL8mZx")', 'await client.auth("deploy", "Vq8#mL2kTz")', "conn.simple_bind_s('cn=admin,dc=corp,dc=example', 'Rt5!vK9mQx')", 'await signInWithEmailAndPassword(auth, "ops@corp.example", "Hz6#qL3vKm")', 'braintree.Configuration.configure(braintree.Environment.Production, "m7k2q9x4", "p3d8f1h6", "4e9a2c7f1b8d3e6a0c5f2b9d")'], noMatch: ['$db = new PDO($dsn, $user, $password);', 'client.login("alerts@corp.example", password)', 'DriverManager.getConnection(url, user, pass)', 'passport.authenticate("local", { failureRedirect: "/login" })', 'client.auth("user", password)', 'conn.simple_bind_s(dn, pw)'] }),
  placedSecret('securestring-literal', 'a literal made into a PowerShell SecureString: ConvertTo-SecureString "X" -AsPlainText', { label: 'password', keywords: ['convertto-securestring'] },
    /ConvertTo-SecureString[ \t]+(?:-String[ \t]+)?\\{0,3}["'](?<secret>[^"'\\\n$]{3,200})\\{0,3}["'](?=[^\n]{0,60}?-AsPlainText)/i,
    { match: ['$pw = ConvertTo-SecureString -String "Lk8#mQ2vTx" -AsPlainText -Force', "New-LocalUser -Name svc -Password (ConvertTo-SecureString 'cobalt-quartz-9' -AsPlainText -Force)"], noMatch: ['$pw = ConvertTo-SecureString $env:DEPLOY_PW -AsPlainText -Force', '$pw = ConvertTo-SecureString "$plain" -AsPlainText -Force', '$s = ConvertTo-SecureString $encrypted -Key $key'] }),
  placedSecret('crypto-call-key', 'a literal key given to an HMAC, JWT-signing or cipher call or a wallet: createHmac(alg, "X"), jwt.sign(payload, "X"), jwt.encode(payload, "X"), hmac.new(b"X", …), new ethers.Wallet("0x…")', { keywords: ['createhmac', 'jwt.sign', 'jwt.encode', 'jws.sign', 'hmac.new', 'createcipheriv', 'createdecipheriv', 'hmacsha', 'wallet(', 'privatekeytoaccount(', 'fromsecretkey('], entropy: 3 },
    new RegExp(
      [
        String.raw`\bcreateHmac\([^,()\n]{1,40},[ \t]*${CALL_LITERAL}`,
        String.raw`\bjwt\.(?:sign|encode)\((?:[^,()\n]|\([^()\n]*\)){1,200}?,[ \t]*${CALL_LITERAL.replace('secret', 'secret2')}`,
        String.raw`\bjws\.sign\([^()\n]{0,200}?\bsecret[ \t]*:[ \t]*${CALL_LITERAL.replace('secret', 'secret3')}`,
        String.raw`\bhmac\.new\([ \t]*b?${CALL_LITERAL.replace('secret', 'secret4')}`,
        String.raw`\bcreate(?:De)?cipheriv\([^,()\n]{1,40},[ \t]*(?:Buffer\.from\([ \t]*)?${CALL_LITERAL.replace('secret', 'secret5')}`,
        String.raw`\b(?:new[ \t]+(?:ethers\.)?Wallet|privateKeyToAccount|Keypair\.fromSecretKey)\([ \t]*${CALL_LITERAL.replace('secret', 'secret7')}`,
        String.raw`\bnew[ \t]+HMACSHA\d+\([ \t]*Encoding\.\w+\.GetBytes\([ \t]*${CALL_LITERAL.replace('secret', 'secret6')}`,
      ].join('|'),
    ),
    {
      match: [
        "const sig = crypto.createHmac('sha256', 'Wq7mK3vLz9TpXn2RbQ4c').update(body).digest('hex');",
        "token = jwt.encode(payload, 'Hv2qT6mLzWn8Pk3R', algorithm='HS256')",
        "const t = jwt.sign({ sub: id }, 'Zx82KmPq7wR4tY9uB3nE6c', { expiresIn: '1h' });",
        "mac = hmac.new(b'Qm7vT2xK9pL4wZ8nR3sY', msg, hashlib.sha256)",
        'using var h = new HMACSHA256(Encoding.UTF8.GetBytes("Tz5qV8mKxLw3Rn7Bp2Cs"));',
      ],
      noMatch: [
        "const sig = crypto.createHmac('sha256', process.env.WEBHOOK_SECRET).update(body)",
        "token = jwt.encode(payload, settings.SECRET_KEY, algorithm='HS256')",
        "const h = crypto.createHash('sha256').update('hello world').digest('hex')",
        "jwt.sign(payload, 'secret')",
      ],
    }),
  placedSecret('client-constructor-key', "an SDK client made with one literal argument shaped like a key: cohere.Client(\"X\"), new OpenAI(\"X\"), Anthropic(\"X\") (24+ characters with upper and lower case and digits)", { keywords: ['client(', 'openai(', 'anthropic(', 'groq(', 'mistral('], entropy: 3.5 },
    /\b(?:[A-Z][A-Za-z]*)?(?:Client|OpenAI|Anthropic|Groq|Mistral)\([ \t]*\\{0,3}["'](?<secret>(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{24,200})\\{0,3}["'][ \t]*\)/,
    { match: ['co = cohere.Client("vSqQnRVUc4oArLOHq48d1RtYXy1RVvfoOChm0vXH")', 'const client = new OpenAI("Kq8Vz2Lm7Xp4Wn9Rt3Bc6Yh1Fs5Jd0Ga")'], noMatch: ['client = HttpClient("https://api.example.com")', 'c = Client("reporting-service-v2-production")', 'db = MongoClient("mongodb://localhost:27017")'] }),
  placedSecret('package-manager-token', 'a registry credential set through a package manager: npm/pnpm config set //host/:_authToken X, yarn config set npmAuthToken X', { keywords: ['config set'], entropy: 2.5 },
    new RegExp(String.raw`\b(?:npm|pnpm|yarn)[ \t]+config[ \t]+set[ \t]+(?:--[\w-]+[ \t]+)*\S*?(?:_authToken|_auth|_password|npmAuthToken|npmAuthIdent)(?:[ \t]+|=)${VALUE}`),
    { match: ['npm config set //npm.pkg.github.com/:_authToken o0ovJa9Oqv61A6GKjJ6Xa8OgjhZwBpP2', 'yarn config set npmAuthToken Hv2qT6mLzWn8Pk3RZx82KmPq7wR4tY9'], noMatch: ['npm config set //registry.npmjs.org/:_authToken "${NPM_TOKEN}"', 'npm config set registry https://registry.npmjs.org/'] }),
  placedSecret('oracle-connect-password', "the password in Oracle's user/password@database: sqlplus, sqlldr, expdp/impdp, rman, jdbc:oracle:thin:", { label: 'password', keywords: ['sqlplus', 'sqlldr', 'expdp', 'impdp', 'rman', 'jdbc:oracle:'] },
    /\b(?:(?:sqlplus|sqlldr|expdp|impdp|rman(?:[ \t]+target=?)?)(?:[ \t]+-[A-Za-z]+)*[ \t]+\\?["']?|jdbc:oracle:(?:thin|oci):)[\w$#.]{1,64}\/(?<secret>[^\s@/"'\\]{3,200})@/i,
    { match: ['sqlplus -s scott/Tg7!kQ2vLm@//db.corp:1521/ORCL @report.sql', 'url = "jdbc:oracle:thin:etl/Hv3#qZ8mLx@//db:1521/PROD"'], noMatch: ['sqlplus /nolog', 'sqlplus scott@ORCL', 'jdbc:oracle:thin:@//db:1521/ORCL'] }),
  placedSecret('ui-automation-password', 'a password typed by a browser test into a password field: page.fill("#password", X), cy.get("[name=password]").type(X), find_element(..., "password").send_keys(X)', { label: 'password', keywords: ['fill(', 'type(', 'send_keys(', 'sendkeys(', 'setvalue(', 'press_keys('] },
    new RegExp(
      // a selector in one kind of quote may hold the other (`'input[type="password"]'`): groups 1 and 3 are the quotes
      String.raw`\b(?:fill|type|setValue|sendKeys|send_keys)\([ \t]*\\?(["'])(?:(?!\1)[^\n]){0,80}?(?:pass|pwd)(?:(?!\1)[^\n]){0,80}?\1[ \t]*,[ \t]*${CALL_LITERAL.replace('{8,300}', '{3,300}')}|\\?(["'])(?:(?!\3)[^\n]){0,80}?(?:pass|pwd)(?:(?!\3)[^\n]){0,80}?\3[ \t]*\)[^\n;]{0,80}?\.(?:type|fill|send_keys|sendKeys|setValue|press_keys)\([ \t]*${CALL_LITERAL.replace('{8,300}', '{3,300}').replace('secret', 'secret2')}`,
      'i',
    ),
    { match: ['await page.fill("#password", "Lq8!vZ2mKx")', 'cy.get("input[name=password]").type("Tz4#kQ9vLm")', 'driver.find_element(By.ID, "password").send_keys("Wm3$qV7kLz")'], noMatch: ['await page.fill("#password", process.env.E2E_PASSWORD)', 'cy.get("#password").type(Cypress.env("PASSWORD"))', 'await page.fill("#email", "ann@corp.example")'] }),
  placedSecret('go-mysql-dsn-password', 'the password in a Go MySQL DSN: user:X@tcp(host:port)/db', { label: 'password', keywords: ['@tcp(', '@unix(', '@udp('] },
    // the driver splits at the first `:` and the last `@` before the address: a password may hold `@`, `:` and `/`
    /(?<![\w.-])[\w.-]{1,64}:(?<secret>[^\s"'\\]{3,200}?)@(?:tcp|unix|udp)\(/,
    { match: ['sql.Open("mysql", "app:Rz6#vK2mQx@tcp(db:3306)/prod?parseTime=true")', '2026/11/27 15:13:47 open db: app:p@ss:w/rd!9@tcp(10.0.3.7:3306)/shop: invalid DSN', 'dsn: "metrics:Vq4-birch-Lz9t@udp(10.0.0.5:3306)/stats"'], noMatch: ['dsn: "metrics@udp(10.0.0.5:3306)/stats"', 'sql.Open("mysql", "app@tcp(db:3306)/prod")', 'dsn := user + ":" + pass + "@tcp(db:3306)/prod"'] }),
  placedSecret('sql-password', "a password in SQL: IDENTIFIED BY 'x' (MySQL, Oracle), PASSWORD 'x' (PostgreSQL CREATE/ALTER ROLE)", { label: 'password', keywords: ['identified', 'password'], keywordStarts: true, keywordWords: ['identified', 'password'] },
    /(?:\bIDENTIFIED(?:[ \t]+WITH[ \t]+\w+)?[ \t]+BY(?:[ \t]+PASSWORD)?|(?<=\b(?:WITH|ROLE|USER)[ \t]+(?:[\w" ]{0,80}[ \t])?(?:ENCRYPTED[ \t]+)?)PASSWORD)[ \t]+\\{0,3}'(?<secret>[^'\\\n]{3,200})\\{0,3}'/i,
    { match: ["ALTER USER 'etl'@'%' IDENTIFIED BY 'Vt8#kQ2mLp';", "CREATE ROLE reporting WITH LOGIN PASSWORD 'Nq5!vK9xTz';", "CREATE USER app IDENTIFIED WITH mysql_native_password BY 'Hx2$mW7qLv';"], noMatch: ["ALTER USER 'etl'@'%' IDENTIFIED BY '${ETL_PASSWORD}';", 'CREATE TABLE users (password_hash text);', "CREATE USER app IDENTIFIED BY PASSWORD '*'"] }),
  placedSecret('cli-config-set-secret', 'a secret stored by a tool\'s own config command, given as a positional value: `yc config set token X`, `npm config set _authToken X`, `git config --global github.token X`, `poetry config pypi-token.pypi X`', { label: 'secret', keywords: ['config set', 'config --set', 'config add', 'git config', 'poetry config'], validator: 'letters-and-digits' },
    new RegExp(
      String.raw`\b(?:config[ \t]+(?:set|--set|add)|git[ \t]+config|poetry[ \t]+config)(?:[ \t]+--?[\w-]+)*[ \t]+\\{0,3}["']?[\w./:@-]{0,80}?(?:token|secret|password|passwd|api[-_.]?key|apikey|auth[-_]?key|access[-_]?key)[\w.-]{0,30}\\{0,3}["']?(?:[ \t]+|[ \t]*=[ \t]*)${VALUE}`,
      'i',
    ),
    { match: ['yc config set token y1_Kq2LmZ7xR4tP9vB3nH6jD1fG5sC0aYe', 'git config --global github.token 9f8e7d6c5b4a39281706f5e4d3c2b1a0', 'poetry config pypi-token.private Qm8Kz2Lp7Xv4Rt9Wn3Hb'], noMatch: ['npm config set registry https://registry.npmjs.org/', 'git config --global user.name "Ann Lee"', 'yc config set token $YC_TOKEN', 'git config --get github.token'] }),
  placedSecret('cli-tool-token-flag', 'a short flag that a given tool reads as its upload token: the Codecov uploader and CLI -t', { label: 'token', keywords: ['codecov'], validator: 'letters-and-digits' },
    new RegExp(String.raw`\bcodecov[\w.-]*${SAME_COMMAND}-t[ \t]+${VALUE}`, 'i'),
    { match: ['bash <(curl -s https://codecov.io/bash) -t 2f6c0b1e-8d4a-4c3b-9e7f-5a1d3c8b6e20', './codecov -t a81c5f2e-0b9d-47e3-8c6a-1f4b2d7e9c30 -f coverage.xml'], noMatch: ['./codecov -t ${CODECOV_TOKEN}', 'codecov --help -t'] }),
  {
    id: 'otp-tool-key',
    type: 'secret',
    label: 'secret',
    description: "a one-time-password seed given to a tool that computes codes from it: `oathtool [--totp|--hotp] [-b] [options] KEY` (hex or base32); the code it prints is not the seed",
    keywords: ['oathtool'],
    keywordStarts: true,
    pattern: /\boathtool(?:[ \t]+(?:-[bvh]{1,3}|--(?:hotp|totp(?:=[\w-]+)?|base32|verbose)|-[cdwNsS][ \t]*[^\s-]\S*|--(?:counter|digits|window|now|time-step-size|start-time)[= \t]+\S+))*[ \t]+\\{0,3}["']?(?<secret>[A-Za-z2-7=]{16,}|[0-9a-fA-F]{16,})(?![\w=])/,
    shield: 'values',
    examples: {
      match: ['oathtool --totp -b 7F2FJUDBRTL2BQ222GSIDLZIN62ZAI4W', 'oathtool --hotp -c 384 eb39a7da1a031eaa330a', 'oathtool --totp=sha256 --digits=8 9f4c2e71b08a5d3366e1c2b7a4d90f18e5c3a27b'],
      noMatch: ['oathtool --totp -b $TOTP_SEED', 'oathtool --help', 'oathtool --totp -b -'],
    },
  },
  {
    id: 'cli-login-positional-token',
    type: 'secret',
    label: 'token',
    description: "a token or password a vendor's client takes as a positional argument to log in or store it: vault login X, ngrok authtoken X, snyk auth X, cargo login X, nuget setapikey X, bw unlock X, cf auth user X, wpa_passphrase SSID X",
    keywords: ['vault login', 'authtoken', 'snyk auth', 'cargo login', 'setapikey', 'bw unlock', 'bw login', 'cf auth', 'wpa_passphrase'],
    pattern: /\b(?:vault[ \t]+login|ngrok[ \t]+(?:config[ \t]+add-)?authtoken|snyk[ \t]+auth|cargo[ \t]+login|nuget(?:\.exe)?[ \t]+setapikey|bw[ \t]+unlock|bw[ \t]+login[ \t]+\S{1,100}|cf[ \t]+auth[ \t]+\S{1,100}|wpa_passphrase[ \t]+\S{1,100})(?:[ \t]+--?[\w-]+(?:=\S{0,200})?)*[ \t]+\\{0,3}["']?(?<secret>[^\s"'\\$=-][^\s"'\\=]{7,500})(?![^\s"'\\]*=)/i,
    shield: 'values',
    validator: 'letters-and-digits-or-symbols',
    examples: {
      match: ['vault login s.Kp3vQ8mLx2Tz7Wn4Rb9cYh1d', 'vault login -address=https://vault.lan:8200 hvs.Qm7vT2kLx9Pz4Wn8Hx4kV9mQ', 'ngrok config add-authtoken 2Nq8vLmTx3Wp9Rn4Bc7Yh1Zs6Df_5Kq2Wx8Vt3Lm7', 'snyk auth 3f9c2a7e-1b5d-4f0a-8c6e-2b9d7f1a3c5e', 'cargo login cio8Kq2Lm7Xv4Rt9Wn3HbZx5Yp', 'bw unlock "Tz4!kQ9vLm-horse"', 'wpa_passphrase OfficeNet Tz4kQ9vLm8Wx'],
      noMatch: ['vault login -method=userpass username=ann', 'vault login -method=oidc role=dev', 'cargo login --registry internal', 'ngrok authtoken $NGROK_AUTHTOKEN', 'snyk auth', 'bw unlock --check', 'wpa_passphrase OfficeNet < passphrase.txt'],
    },
  },
  placedSecret('secret-store-positional-value', "the value given after its name to a command that stores it: doppler secrets set NAME X, dotnet user-secrets set NAME X, gh secret set NAME -bX; to an environment store (netlify env:set, glab variable set, railway variables set) when the name says it is secret", { label: 'secret', keywords: ['secrets set', 'user-secrets', 'secret set', 'env:set', 'variable set', 'variables set'], validator: 'letters-and-digits-or-symbols', entropy: 2.5 },
    new RegExp(String.raw`\b(?:(?:doppler[ \t]+secrets|dotnet[ \t]+user-secrets)[ \t]+set[ \t]+\\{0,3}["']?[\w.:/-]{1,100}\\{0,3}["']?[ \t]+|(?:gh|glab)[ \t]+secret[ \t]+set[ \t]+[\w-]{1,100}[^\n|;&]{0,100}?[ \t]-b(?=\\{0,3}["'])|(?:netlify[ \t]+env:set|glab[ \t]+variable[ \t]+set|railway[ \t]+variables[ \t]+set)[ \t]+\\{0,3}["']?[\w.:-]{0,60}(?:secret|token|password|passwd|pwd|key|credential|auth)[\w.:-]{0,40}\\{0,3}["']?[ \t]+)${VALUE}`, 'i'),
    { match: ['doppler secrets set STRIPE_KEY Lq8Vz2Km7Xp4Wn9R', 'dotnet user-secrets set "Smtp:Password" "Hv2!qT6mLz"', 'gh secret set DEPLOY_TOKEN -b"Wq7mK3vLz9Tp"', 'netlify env:set STRIPE_SECRET_KEY Rz6vK2mQx8Lp'], noMatch: ['netlify env:set NODE_VERSION 20.11.1', 'glab variable set REGION eu-west-1', 'doppler secrets set API_TOKEN', 'dotnet user-secrets set "Smtp:Password" "$SMTP_PASSWORD"'] }),
  {
    id: 'sql-insert-secret',
    type: 'secret',
    label: 'password',
    description: 'a password, token or key written into a table by SQL: the cells of INSERT INTO t (…, password, …) VALUES (…) under columns named like a secret',
    keywords: ['insert'],
    keywordStarts: true,
    detector: sqlInsertSecrets,
    // a digest under `token_hash` or `api_key_sha256` is what the secret became
    shield: 'identifiers',
    examples: {
      match: [
        "INSERT INTO users (id, email, password) VALUES (7, 'ann@corp.example', 'Tq8#vLm2Kz');",
        "insert into api_clients(name, client_secret)\nvalues ('billing', 'Wn4Kz8Qv2Lm7Xt3R'), ('reports', 'Hb6Rt2Vx9Lq4Mz7K');",
      ],
      noMatch: [
        "INSERT INTO users (id, email, password_hash) VALUES (7, 'ann@corp.example', '$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW');",
        "INSERT INTO users (email, password) VALUES ('ann@corp.example', crypt('x', gen_salt('bf')));",
        "INSERT INTO users (email, password) VALUES (:email, :password);",
        "INSERT INTO settings (key, value) VALUES ('theme', 'dark');",
        "INSERT INTO sessions (user_id, token_sha256) VALUES (42, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');",
      ],
    },
  },
];
