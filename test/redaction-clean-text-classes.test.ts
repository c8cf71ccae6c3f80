import { describe, expect, it } from 'vitest';
import { builtinProfile, compileRules, rulesFor } from '../redaction/index.js';

// Classes of false findings seen on text nobody here wrote (bench/redaction/clean-text.ts, tuning half),
// each in words of its own, beside a secret in the same form that must still be found.
const profile = builtinProfile('standard')!;
const rules = compileRules(rulesFor(profile), { allowValues: profile.allow });
const found = (text: string) => rules.scan(text).map((finding) => `${finding.ruleId}:${text.slice(finding.start, finding.end)}`);

const CLEAN: ReadonlyArray<[klass: string, text: string]> = [
  ['a changelog entry naming a source file', '\t* check-passwd.c (parse_line): reject an empty field.\n'],
  ['a compiler message naming a source file', 'src/pass.c:41:7: warning: comparison of integers of different signs\n'],
  ['a patch named in a Debian changelog', '  * debian/patches:\n    - 07_pass_env.dpatch: Refreshed for 2.4.\n'],
  ["a changelog entry opening on a possessive", "  * passwd.skel: nobody's shell is /usr/sbin/nologin again.\n"],
  ['a systemd directive led by the verb "pass"', '[Service]\nPassEnvironment=LANG TERM\n'],
  ['a long option named in prose', 'Unlocking now honours the --fido2-with-pin= switch.\n'],
  ["a description of the value a name asks for", '{"pfxPassword": "Exported bundle password 3"}\n'],
  ['a sentence cut at a comma above code', '    # pick the reader, then pass it to the decoder\n    dec = open_reader(src, lazy)\n'],
  ['an import list over two lines', 'from ._compat import shim_for, pass_none\nfrom ._iter import first_of, unique_sorted\n'],
  ['a PAM stack', 'auth\trequired\tpam_env.so\npassword\trequired\tpam_unix.so\nsession\trequired\tpam_limits.so\n'],
  ['a man page source with escaped hyphens', "pass \\-\\-public\\-key='id=ring2,shared=true' to the command\n"],
  ['an IPv6 interface token', '[IPv6AcceptRA]\nToken=prefixstable:2001:db8:7::\n'],
  ["a man page's underlined names", '.RS 2m\n_field_:_name_=_value_...\n.RE\n'],
  ['HTTP status aliases ending in "auth"', '511: ("network_auth", "network_authorization_needed"),\n'],
  ['a docstring call at the Python prompt', "    >>> read_token('{brace and words}')\n"],
  ['a C call passing a constant length', '  umac_set_key(&umac_ctx, UMAC_KEY_SIZE, material);\n'],
  ["a program's verdict, HTML-escaped", '  puts(&quot;Password is wrong.&quot;);\n'],
  ['a CVS root', 'cvs -d :pserver:anon@cvs.example.org:/cvsroot co -P tools\ncvs://:pserver:anon@cvs.example.org/cvsroot\n'],
  ["a man page's title line", '.TH LOGIN 1 "4 June 2001" "Tools"\n'],
  ["a pair's key beside its value", "filter on (key = 'TierLabelKey9', value = 'TierLabelValue9')\n"],
];

const SECRETS: ReadonlyArray<[form: string, text: string, value: string]> = [
  ['a password set in a changelog-like line', 'db_password: Wq7-larch-Zv8\n', 'Wq7-larch-Zv8'],
  ['a password named with "pass" first', 'pass_db=Hq4-cedar-Lm9\n', 'Hq4-cedar-Lm9'],
  ['a passphrase in CamelCase', 'PassPhrase=Tz6-quartz-Wm3\n', 'Tz6-quartz-Wm3'],
  ["a password option in a man page's source", '\\-\\-db\\-password=Kq7-fern-Wx3\n', 'Kq7-fern-Wx3'],
  ['a password column in a real table', 'user,password\nann,Rv5-heron-Qk2\n', 'Rv5-heron-Qk2'],
  ['a token shown with its quotes', `api_token: '"Zk29XqLm83NvBt71Pw"'\n`, 'Zk29XqLm83NvBt71Pw'],
];

describe('clean text nobody here wrote', () => {
  for (const [klass, text] of CLEAN) {
    it(`finds nothing in ${klass}`, () => {
      expect(found(text)).toEqual([]);
    });
  }
  for (const [form, text, value] of SECRETS) {
    it(`still finds ${form}`, () => {
      expect(found(text).some((finding) => finding.endsWith(`:${value}`) || finding.includes(value))).toBe(true);
    });
  }
});
