/**
 * Family `generic`: credentials an HTTP client's debug output shows in an `Authorization` header
 * whose scheme is not Bearer or Basic (those are `auth-header`'s): the parameters that prove the
 * caller, such as OAuth 1.0's `oauth_token` and `oauth_signature`, Digest's `response`, Hawk's
 * `mac`, AWS Signature V4's `Signature=`, and the signature after `account:` in AWS V2 and Azure
 * `SharedKey` headers. Ids, nonces, timestamps and realms stay. And a header whose name ends in a
 * word for a credential that the assignment rules do not read as one (`X-JFrog-Art-Api`,
 * Salesforce's `X-SFDC-Session`, `…-Ticket`, `…-License`): the name's form says it is a header.
 */
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';

/** `Authorization: <scheme> ` (also quoted as a map's key or a `"Authorization": "` pair), then the credentials to the line's end. */
const AUTHORIZATION = /authorization\\?["']?[ \t]*[:=,][ \t]*\\?["']?[ \t]*(Digest|OAuth|Hawk|AWS4-HMAC-SHA256|AWS|SharedKey|SharedKeyLite|Signature|HMAC-SHA256)[ \t]+/iy;
/** The parameters that are the proof: OAuth's token and signature, Digest's response, Hawk's mac, a V4 signature. */
const PROOF = /\b(?:oauth_token|oauth_signature|response|mac|signature|Signature)[ \t]*=[ \t]*(?:\\?"([^"\\\r\n]{8,600})\\?"|([^\s,"\\[]{8,600}))/g;
/** `AWS AKIA…:sig`, `SharedKey account:sig`: the signature after the colon. */
const ACCOUNT_SIGNATURE = /^[\w.@-]{1,100}:([A-Za-z0-9+/=%_-]{16,200})/;
/** Where the header's value ends: the line, an escaped line break, or a wire log's `[\r][\n]`. */
const VALUE_END = /\\r|\\n|\[\\r\]|\r|\n|$/;

function* authorizationProofs(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  for (const at of keywordStarts ?? []) {
    AUTHORIZATION.lastIndex = at;
    const header = AUTHORIZATION.exec(text);
    if (!header) continue;
    const start = AUTHORIZATION.lastIndex;
    const rest = text.slice(start, start + 2000);
    const value = rest.slice(0, rest.search(VALUE_END));
    const scheme = header[1]!.toLowerCase();
    if (scheme === 'aws' || scheme === 'sharedkey' || scheme === 'sharedkeylite') {
      const signature = ACCOUNT_SIGNATURE.exec(value);
      if (signature) yield { start: start + signature[0].length - signature[1]!.length, end: start + signature[0].length };
      continue;
    }
    PROOF.lastIndex = 0;
    for (let proof = PROOF.exec(value); proof; proof = PROOF.exec(value)) {
      const secret = proof[1] ?? proof[2]!;
      // a quoted value ends before its closing quote (`\"` in JSON-escaped text)
      const closing = proof[1] === undefined ? 0 : proof[0].endsWith('\\"') ? 2 : 1;
      const end = start + proof.index + proof[0].length - closing;
      yield { start: end - secret.length, end };
    }
  }
}

/**
 * The last words of a header's name that make its value a credential, beyond those the
 * assignment rules know (key, token, secret, auth, pass, …): an API's (JFrog's `X-JFrog-Art-Api`),
 * a session's (Salesforce's `X-SFDC-Session`), a ticket, a licence, a bearer.
 */
const CREDENTIAL_NOUNS = `(?:${['api', 'session', 'sessionid', 'sid', 'ticket', 'license', 'licence', 'bearer'].map(inEitherCase).join('|')})`;

/** `api` as `[Aa][Pp][Ii]`: the pattern is case-sensitive for the value's sake. */
function inEitherCase(word: string): string {
  return [...word].map((letter) => `[${letter.toUpperCase()}${letter}]`).join('');
}
/**
 * `-Api: <value>`, tried where the last word's hyphen is; the name before it is one to five
 * hyphenated words from a boundary (a line, `> `, `-H "`, a map's quote, HTTP/2's `[`). The value
 * holds a letter and a digit and no colon (a time, a `host:port` is not one), and is not short
 * lower-case words joined by hyphens (`graphql-v1beta`: a name).
 */
const CREDENTIAL_NOUN_HEADER = new RegExp(
  String.raw`-${CREDENTIAL_NOUNS}(?<=(?<![\w.-])(?:[A-Za-z][A-Za-z0-9]{0,30}-){1,5}${CREDENTIAL_NOUNS})\\?["']?[ \t]*:[ \t]*\\?["']?(?<secret>(?![a-z0-9]{1,12}(?:[-_.][a-z0-9]{1,12})*(?![^\s"'\\,;:\]]))(?=[^\s"'\\,;:\]]{0,511}\d)(?=[^\s"'\\,;:\]]{0,511}[A-Za-z])[^\s"'\\,;:\]]{16,512})`,
);

export const DEBUG_OUTPUT_RULES: readonly Rule[] = [
  placedSecret('credential-noun-header', "a header whose name ends in a word for a credential that is not key, token, secret or auth (`X-JFrog-Art-Api`, `X-SFDC-Session`, `X-Acme-Ticket`), in curl's -H and -v lines, HTTP/2 traces and header maps", { label: 'secret', keywords: ['-api', '-session', '-sid', '-ticket', '-license', '-licence', '-bearer'], keywordStarts: true, entropy: 3, shield: 'identifiers' },
    CREDENTIAL_NOUN_HEADER,
    {
      match: ['curl -sS -H "x-jfrog-art-api:Bm7Rq2Lx9Vt4Kz8Wp3Hc6Nd1" https://repo.acme.dev/artifactory/api/system/ping', '> X-SFDC-Session: 00D8d000001hQwZ!AQcAQE4r9Lm2Vx7Kz3Wn8Pb5Hc1Jd6Fs0Gt', "headers = {'X-Acme-Ticket': 'TGT-71-pQm3Lx8Vz2Kw9Rt4'}", '[0-0] * [HTTP/2] [1] [x-corp-license: LK2-9F4B-7C1D-E8A3-55B2]'],
      noMatch: ['X-Session-Id: 9f1c2e7a-1b2d-4c3e-8f9a-0b1c2d3e4f5a', 'X-Acme-Api: v2', 'X-Last-Session: 2024-11-03T09:14:55Z', 'the X-JFrog-Art-Api header takes the key', 'X-Preferred-Api: graphql-v1beta-experimental', 'Access-Control-Allow-Headers: X-Acme-Api, X-Acme-Session'],
    }),
  placedSecret('authorization-proof', "the proof in an Authorization header of another scheme than Bearer or Basic, as HTTP clients' debug output shows it: OAuth 1.0 `oauth_token`/`oauth_signature`, Digest `response`, Hawk `mac`, AWS SigV4 `Signature=`, the signature in AWS V2 and Azure SharedKey headers", { label: 'secret', keywords: ['authorization'], keywordStarts: true, entropy: 3 },
    authorizationProofs,
    {
      match: [
        '> Authorization: OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_nonce="kYjzVBB8Y0ZFabxSWbWovY3uYSQ2", oauth_signature="tnnArxj06cWHq44gCs1OSKk%2FjY%3D", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb"',
        '> Authorization: Digest username="jdoe", realm="api", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/x", response="6629fae49393a05397450978507c4ef1"',
        'Authorization: AWS4-HMAC-SHA256 Credential=AKIAZ7XQ3MPLV4KNW2RT/20240314/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024',
        'Authorization: Hawk id="dh37fgj492je", ts="1353832234", nonce="j4h3g2", mac="6R4rV5iE+NPoym+WwjeHzjAGXUtLNIxmo1vpMofpLAE="',
        'http-outgoing-0 >> "Authorization: SharedKey myaccount:ctzMq410TV3wS7upTBcunJTDLEJwMAZuFPfr0mrrA08=[\\r][\\n]"',
      ],
      noMatch: [
        'Authorization: Digest username="jdoe", realm="api", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/x"',
        'Authorization: AWS4-HMAC-SHA256 Credential=AKIAZ7XQ3MPLV4KNW2RT/20240314/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=${SIGNATURE}',
        'Authorization: OAuth realm="Example", oauth_signature_method="HMAC-SHA1"',
        'the Authorization: Digest scheme sends a response hash, not the password',
      ],
    }),
];
