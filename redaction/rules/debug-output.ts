/**
 * Family `generic`: credentials an HTTP client's debug output shows in an `Authorization` header
 * whose scheme is not Bearer or Basic (those are `auth-header`'s): the parameters that prove the
 * caller, such as OAuth 1.0's `oauth_token` and `oauth_signature`, Digest's `response`, Hawk's
 * `mac`, AWS Signature V4's `Signature=`, and the signature after `account:` in AWS V2 and Azure
 * `SharedKey` headers. Ids, nonces, timestamps and realms stay.
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

export const DEBUG_OUTPUT_RULES: readonly Rule[] = [
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
