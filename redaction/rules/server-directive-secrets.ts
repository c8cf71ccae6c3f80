/**
 * A web server's or proxy's configuration directives that set an environment variable or a
 * header, as the file holds them and as a configuration dump prints them (Apache's
 * `-D DUMP_CONFIG`: `SetEnv NAME value`, `RequestHeader set Name "value"`, `Header set …`;
 * nginx's `proxy_set_header Name value;`, `fastcgi_param NAME value;`, `add_header …`). The name
 * says what the value is, as in an assignment; `Authorization` holds a scheme, then the credential.
 */
import { matchesOnLines } from '../anchored.js';
import type { Rule, Span } from '../types.js';
import { sensitiveValue } from './assignment.js';

const DIRECTIVE = /^[ \t]*(?:SetEnv|(?:Request)?Header[ \t]+(?:always[ \t]+)?(?:set|append|add|setifempty)|proxy_set_header|grpc_set_header|fastcgi_param|uwsgi_param|scgi_param|add_header|more_set_headers|env)[ \t]+"?(?<name>[A-Za-z_][\w-]{0,60})"?[ \t]+(?<quote>"?)(?<value>[^"\r\n;]{4,400})\k<quote>;?[ \t]*(?:#[^\r\n]*)?$/gim;
const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Digest|ApiKey|Api-Key|Key)[ \t]+/i;

/** A directive lies on one line and holds one of the rule's keywords: only the lines where they start are searched. */
function directiveValues(text: string, keywordStarts?: readonly number[]): Span[] {
  const spans: Span[] = [];
  for (const { match, offset: linesAt } of matchesOnLines(DIRECTIVE, text, keywordStarts)) {
    const name = match.groups!.name!;
    let value = match.groups!.value!.trimEnd();
    let offset = linesAt + match.index + match[0].indexOf(match.groups!.quote! + match.groups!.value!, match[0].indexOf(name) + name.length) + match.groups!.quote!.length;
    const scheme = AUTH_SCHEME.exec(value);
    if (scheme && /authorization$/i.test(name)) {
      value = value.slice(scheme[0].length);
      offset += scheme[0].length;
    } else if (/[ \t]/.test(value)) continue;
    if (!sensitiveValue(/authorization$/i.test(name) ? 'token' : name.replace(/-/g, '_'), value)) continue;
    spans.push({ start: offset, end: offset + value.length });
  }
  return spans;
}

export const SERVER_DIRECTIVE_SECRET_RULES: readonly Rule[] = [
  {
    id: 'server-directive-secret',
    type: 'secret',
    label: 'secret',
    description: "the value of a web server's SetEnv / RequestHeader / proxy_set_header / fastcgi_param directive whose variable or header names a secret",
    // every directive DIRECTIVE reads holds one (`env` and a blank: a space or a tab)
    keywords: ['setenv', 'header', 'fastcgi_param', 'uwsgi_param', 'scgi_param', 'env ', 'env\t'],
    keywordStarts: true,
    detector: directiveValues,
    shield: 'values',
    examples: {
      match: [
        '  SetEnv STRIPE_SECRET_KEY Rq4vN8xLm2Tz7Wp3Kd9Ys1Hb',
        'RequestHeader set X-Api-Key "Tz8mQ4vL2nR7xK1pW9bS3dH6"',
        '    proxy_set_header Authorization "Bearer Lk3vQ9mZ2xR7nT4pW8sD1fH5";',
        'fastcgi_param DB_PASSWORD ember-Quilt-58;',
      ],
      noMatch: ['SetEnv APP_ENV production', 'RequestHeader set X-Api-Key "${API_KEY}"', 'proxy_set_header Host $host;', 'Header set X-Token-Help "see the wiki"'],
    },
  },
];
