/**
 * A vendor token whose format is its own (a prefix, a fixed shape) is found with no name around
 * it, wherever it is written: in prose, a URL, a JSON-escaped string, a base64 blob, a file path,
 * a tool's arguments. Each rule's true examples give the tokens; the rule alone must find each
 * (that it finds with nothing around it) in every context below.
 */
import { describe, expect, it } from 'vitest';
import { RULE_FAMILIES } from '../redaction/rules/index.js';
import { compileRules } from '../redaction/scanner.js';

const VENDOR_FAMILIES = ['cloud', 'source-hosting', 'developer-tools', 'messaging', 'payments', 'ai-providers', 'databases'] as const;

const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Where a token is written; `encoded` contexts hold it in another form, so only a finding is asked. */
const CONTEXTS: Record<string, { make: (token: string) => string; encoded?: boolean }> = {
  prose: { make: (t) => `I pasted ${t} into the chat yesterday, sorry.` },
  sentenceEnd: { make: (t) => `The key was ${t}.` },
  urlQuery: { make: (t) => `GET https://api.example.org/v1/items?page=2&x=${t}&sort=asc` },
  urlPath: { make: (t) => `curl https://relay.example.org/in/${t}/push` },
  jsonEscapedLine: { make: (t) => `{"output":"done\\n  value: ${t}\\n"}` },
  jsonEscapedQuotes: { make: (t) => `{\\"cfg\\":{\\"v\\":\\"${t}\\"}}` },
  afterEscapedNewline: { make: (t) => `"first\\n${t}\\nsecond"` },
  pathUnix: { make: (t) => `cat /home/dev/.cache/tool/${t}/state.json` },
  pathWindows: { make: (t) => `type C:\\Users\\dev\\keys\\${t}.txt` },
  toolArgument: { make: (t) => `{"command":"deploy --id ${t} --prod"}` },
  backticks: { make: (t) => `use \`${t}\` for it` },
  callArgument: { make: (t) => `login('${t}')` },
  colonAfter: { make: (t) => `${t}: invalid token` },
  parentheses: { make: (t) => `(${t})` },
  angleBrackets: { make: (t) => `<${t}>` },
  tabSeparated: { make: (t) => `prod\\t${t}\\tactive` },
  csv: { make: (t) => `prod,${t},active` },
  gluedAfterColon: { make: (t) => `token:${t}` },
  markdownLink: { make: (t) => `[key](${t})` },
  htmlCell: { make: (t) => `<td>${t}</td>` },
  base64Blob: { make: (t) => `data=${base64(`# settings\nremote = origin\nvalue = ${t}\n`)}`, encoded: true },
  urlEncoded: { make: (t) => `https://x.example.org/cb?state=1&t=${encodeURIComponent(t)}`, encoded: true },
};

/**
 * Contexts a rule leaves on purpose. Facebook and X/Twitter tokens are runs of base64's own
 * alphabet: a `/` after one is read as more base64 (a blob), not as a path's separator. A
 * Discord token is three dotted parts: a fourth (`.txt`) makes it something else. An Entra
 * client secret's alphabet has `.` in it, so `<secret>.txt` is one longer value.
 */
const LEFT_ON_PURPOSE: Record<string, readonly string[]> = {
  'facebook-access-token': ['urlPath', 'pathUnix'],
  'twitter-bearer-token': ['urlPath', 'pathUnix'],
  'discord-bot-token-shape': ['pathWindows'],
  'azure-ad-client-secret': ['pathWindows'],
};

for (const family of VENDOR_FAMILIES) {
  describe(`${family} tokens in any context`, () => {
    for (const rule of RULE_FAMILIES[family]) {
      const alone = compileRules([rule]);
      const tokens = rule.examples.match.map((example) => {
        const first = alone.scan(example)[0];
        return first ? example.slice(first.start, first.end) : '';
      });
      // a value found only after its name (DATADOG_API_KEY=…) has no format of its own to probe
      const bare = [...new Set(tokens)].filter((token) => token && alone.scan(token).length > 0);
      if (bare.length === 0) continue;
      it(rule.id, () => {
        const missed = new Set<string>();
        for (const token of bare) {
          for (const [name, { make, encoded }] of Object.entries(CONTEXTS)) {
            const text = make(token);
            const findings = alone.scan(text);
            const at = text.indexOf(token);
            const whole = encoded ? findings.length > 0 : findings.some((f) => f.start <= at && f.end >= at + token.length);
            if (!whole) missed.add(name);
          }
        }
        expect([...missed]).toEqual(LEFT_ON_PURPOSE[rule.id] ?? []);
      });
    }
  });
}
