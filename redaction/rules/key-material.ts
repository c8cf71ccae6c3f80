/**
 * Family `generic`, continued: private key material that is not a PEM block: the private members
 * of a JSON Web Key, a key labelled as private in a tool's output or in prose, Nostr and
 * minisign/signify secret keys, a Solana keypair file (64 bytes as a JSON array), Sui keys, the
 * private members of .NET's XML RSA keys.
 */
import type { Rule, Span } from '../types.js';
import { indexUpTo, lastIndexFrom } from '../line-bounds.js';

/** The members of a JWK that are private: `d` (EC, OKP, RSA), RSA's primes and exponents, an `oct` key's `k`. */
const JWK_PRIVATE_MEMBER = /\\?"(?:d|p|q|dp|dq|qi|k)\\?"[ \t]*:[ \t]*\\?"([A-Za-z0-9_-]{16,2048})\\?"/g;
/** How far from `"kty"` the members of one key can be (an RSA key's `n` is ~350 characters, its private members ~1,500). */
const JWK_WINDOW = 4000;

function* jwkPrivateMembers(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let doneTo = 0;
  // the first `{` of the text, looked for once: whether one stands before the part searched below
  let firstBrace: number | undefined;
  for (const at of keywordStarts ?? [text.indexOf('kty')]) {
    if (at < 0) continue;
    // a `{` before doneTo would give doneTo: the search stops there instead of running on to the text's start
    const near = lastIndexFrom(text, '{', at, Math.min(doneTo, at));
    const open = near !== -1 ? near : (firstBrace ??= text.indexOf('{')) !== -1 && firstBrace <= at ? firstBrace : -1;
    const from = Math.max(doneTo, open === -1 ? at : open);
    const to = Math.min(text.length, at + JWK_WINDOW);
    const window = text.slice(from, to);
    // the key's own object: up to the first `}` after `"kty"` (a JWK holds no nested object)
    const close = window.indexOf('}', at - from);
    const body = close === -1 ? window : window.slice(0, close);
    JWK_PRIVATE_MEMBER.lastIndex = 0;
    for (let member = JWK_PRIVATE_MEMBER.exec(body); member; member = JWK_PRIVATE_MEMBER.exec(body)) {
      const end = from + member.index + member[0].length - (member[0].endsWith('\\"') ? 2 : 1);
      yield { start: end - member[1]!.length, end };
    }
    doneTo = from + body.length;
  }
}

/** The private members of .NET's XML RSA key (`RSA.ToXmlString(true)`): the primes, their exponents, the coefficient and `D`. */
const XML_RSA_PRIVATE_MEMBER = /<(P|Q|DP|DQ|InverseQ|D)>[ \t\r\n]*([A-Za-z0-9+/]{16,2048}={0,2})[ \t\r\n]*<\/\1>/g;
/** How far from `<RSAKeyValue>` one key's members can be (a 4096-bit key's members are ~3,000 characters). */
const XML_RSA_WINDOW = 6000;

function* xmlRsaPrivateMembers(text: string, keywordStarts?: readonly number[]): Iterable<Span> {
  let doneTo = 0;
  for (const at of keywordStarts ?? [text.indexOf('<RSAKeyValue>')]) {
    if (at < doneTo) continue;
    const close = indexUpTo(text, '</RSAKeyValue>', at, at + XML_RSA_WINDOW);
    const to = close === -1 ? Math.min(text.length, at + XML_RSA_WINDOW) : Math.min(close, at + XML_RSA_WINDOW);
    const body = text.slice(at, to);
    XML_RSA_PRIVATE_MEMBER.lastIndex = 0;
    for (let member = XML_RSA_PRIVATE_MEMBER.exec(body); member; member = XML_RSA_PRIVATE_MEMBER.exec(body)) {
      const start = at + member.index + member[0].indexOf(member[2]!, member[1]!.length + 2);
      yield { start, end: start + member[2]!.length };
    }
    doneTo = to;
  }
}

/** A Solana keypair file: 64 bytes as a JSON array, after a word that says what it is. */
const KEYPAIR_ARRAY = /(?:keypair|secret|private|id\.json|solana)[^[]{0,200}?(?<secret>\[[ \t]*(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)[ \t]*,[ \t]*){63}(?:25[0-5]|2[0-4]\d|1?\d?\d)[ \t]*\])/i;

export const KEY_MATERIAL_RULES: readonly Rule[] = [
  {
    id: 'jwk-private-key',
    type: 'secret',
    label: 'private-key',
    description: 'the private members of a JSON Web Key (d, p, q, dp, dq, qi of EC/OKP/RSA keys, k of symmetric keys); the public x, y, n, e stay',
    keywords: ['kty'],
    keywordStarts: true,
    detector: jwkPrivateMembers,
    examples: {
      match: [
        '{"kty":"EC","crv":"P-256","x":"MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4","y":"4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM","d":"870MB6gfuTJ4HtUnUvYMyJpr5eUZNP4Bk43bVdj3eAE"}',
        '{\\"kty\\": \\"oct\\", \\"k\\": \\"GawgguFyGrWKav7AX4VKUg9hT3kLmQz2Vx8Rp5Nb\\"}',
      ],
      noMatch: ['{"kty":"EC","crv":"P-256","x":"MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4","y":"4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM"}', '{"kty":"RSA","e":"AQAB","kid":"2024-11-rotation","n":"sXchDaQebHnPiGvyDOAT4saGEUetSyo9MKLOoWFsueri23bOdgWp4Dy1WlUzewbgBHod5pcM9H95GQRV3JDXboIRROSBigeC5yjU1hGzHHyXss8UDprecbAYxknTcQkhslANGRUZmdTOQ5qTRsLAt6BTYuyvVRdhS8exSZEy_c4gs_7svlJJQ4H9_NxsiIoLwAEk7-Q3UXERGYw_75IDrGA84-lA_-Ct4eTlXHBIY2EaV7t7LjJaynVJCpkv4LKjTTAumiGUIuQhrNhZLuF_RJLqHpM2kgWFLU7-VTdL1VbC2tejvcI2BlMkEpk1BzBZI0KQB0GaDWFLN-aEAw3vRw"}'],
    },
  },
  {
    id: 'labelled-private-key',
    type: 'secret',
    label: 'private-key',
    description: 'a key that a label calls private or secret, in prose or a tool\'s output: 64 hex (an Ethereum or Ed25519 key, 0x or not) or 32 bytes of base64 (WireGuard) after "private key:", "secret key is"',
    keywords: ['private key', 'private_key', 'private-key', 'privatekey', 'secret key', 'secret_key', 'secret-key', 'secretkey'],
    keywordStarts: true,
    pattern: /(?:private|secret)[ _-]?key\b[^\n:=]{0,30}?(?:[:=]|\b(?:is|was)\b)[ \t]*\\?["'`]?(?<secret>(?:0x)?[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)(?![\w+/=])/i,
    entropy: 3,
    examples: {
      match: ['private key: 4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'Your secret key is 0x9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'Private key (keep it safe): yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk='],
      noMatch: ['private key fingerprint: SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8', 'public key: 4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'private key id: 7f3c9a2e5b1d'],
    },
  },
  {
    id: 'nostr-secret-key',
    type: 'secret',
    label: 'private-key',
    description: 'a Nostr secret key (nsec1 + 58 bech32 characters)',
    keywords: ['nsec1'],
    pattern: /(?<![a-z0-9])nsec1[02-9ac-hj-np-z]{58}(?![a-z0-9])/,
    entropy: 3,
    examples: {
      match: ['NOSTR_NSEC=nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5'],
      noMatch: ['npub1sg6plzptd64u62a878hep2kev88swjh3tw00gjsfl8f237lmu63q0uf63m', 'nsec1 keys start with nsec1'],
    },
  },
  {
    id: 'xml-rsa-private-key',
    type: 'secret',
    label: 'private-key',
    description: "the private members (D, P, Q, DP, DQ, InverseQ) of an RSA key in .NET's XML form (`<RSAKeyValue>`, as `ToXmlString(true)` writes it); the public Modulus and Exponent stay",
    keywords: ['<rsakeyvalue>'],
    keywordStarts: true,
    detector: xmlRsaPrivateMembers,
    entropy: 3,
    examples: {
      match: ['<RSAKeyValue><Modulus>0mV8kQz2Lx7Tn4Rb9Wc3Hd6Jf1Ys5Ga8Pq2Vm7Kx4Zt9Wn3Rb8Lc</Modulus><Exponent>AQAB</Exponent><P>9Wn3Rb8Lc6Hd1Jf5Ys2Ga7Pq4Vm9Kx3Zt8=</P><Q>Lx7Tn4Rb9Wc3Hd6Jf1Ys5Ga8Pq2Vm7Kx4Zt=</Q><D>Kq8Lm2Vx7Zt3Wn9Rb4PcHd6Jf1Ys5Ga0Bn2Tx7Qm4Lw9Vz3Kp8Rt2Wn6</D></RSAKeyValue>'],
      noMatch: ['<RSAKeyValue><Modulus>0mV8kQz2Lx7Tn4Rb9Wc3Hd6Jf1Ys5Ga8Pq2Vm7Kx4Zt9Wn3Rb8Lc</Modulus><Exponent>AQAB</Exponent></RSAKeyValue>', '<RSAKeyValue><D>{{ rsa_d }}</D></RSAKeyValue>'],
    },
  },
  {
    id: 'sui-private-key',
    type: 'secret',
    label: 'private-key',
    description: 'a Sui private key (suiprivkey1 + bech32 characters)',
    keywords: ['suiprivkey1'],
    pattern: /(?<![a-z0-9])suiprivkey1[02-9ac-hj-np-z]{50,70}(?![a-z0-9])/,
    entropy: 3,
    examples: {
      match: ['SUI_PRIVATE_KEY=suiprivkey1qzdlfxn2qa2lj5uprl8pyhexs02sg2wrhdy7qaq50cqgnffw4c2477kg9h3'],
      noMatch: ['keys start with suiprivkey1', 'suiprivkey1xxxx'],
    },
  },
  {
    id: 'minisign-secret-key',
    type: 'secret',
    label: 'private-key',
    // a secret key is 104 (signify) or 158 (minisign) bytes, 140 or 212 in base64; a signature, 74 bytes, is 100, and its
    // comment says so ("signature from minisign secret key", "verify with key.pub")
    description: 'a minisign or signify secret key: the base64 line (140 characters or more) after "untrusted comment: … secret key"; not a signature made with one',
    keywords: ['untrusted comment'],
    pattern: /untrusted comment:(?![^\n]{0,80}?signature)[^\n]{0,80}?secret key[^\n]{0,40}(?:\r?\n|\\r?\\n)(?<secret>[A-Za-z0-9+/]{120,400}={0,2})/,
    examples: {
      match: [
        '$ cat ~/.minisign/minisign.key\nuntrusted comment: minisign encrypted secret key\nRWRTY0IyFRRMXynqJcQZo37Lg0tXEoAfe2bTNvsAywb5enu0S3Gym9fVWCW/DzyXpjAp/hwmeED8OrvmXvbHwbWo/aQiQM/6qjSD/bBf1VGslOxvuvwwBTjABzekb5B+VxCILYnzm2/j2ezEdvXzkhnTxsq6idYFFGbzDbGw5jHjAMHB3hhukjjESjmVftkt3ifUYw3Qlx6KQ16rwOQ=',
        'untrusted comment: signify secret key\nRWRCS/ihTGR3Vvf12+8lT1kRIiqyAZ/0q650mrqlrGAyjJoaoLT5fOVTldndBsm6QPjcdcEHr0J3aoJQQ9W55QLDQC8D8qGCwi9Wt5O9zKrV5HZQgRrqPtPDeVPOj10YkOMWtDlRvSM=',
      ],
      noMatch: [
        'untrusted comment: minisign public key 4C39F8C4E8A3B2D1\nRWTRThMBkwi8xJHmVp0XVsDQm7vT2kLx9Pz4Wn8Hx4kV9mQ2tLz7Rp3Nw8c',
        '$ cat app.tar.gz.minisig\nuntrusted comment: signature from minisign secret key\nRUT/ryk1omUMgZiFJnkbmh331mX5vZpEN5Pf1kWENTA7tuSRkgZLRYRlsp4vTR/LZK2zEdQmJ4eRh8VWhAoZGjkh+xNRCEdQ25s=',
      ],
    },
  },
  {
    id: 'solana-keypair',
    type: 'secret',
    label: 'private-key',
    description: 'a Solana keypair (64 bytes as a JSON array, as in id.json) after a word that says what it is',
    keywords: ['keypair', 'secret', 'private', 'id.json', 'solana'],
    pattern: KEYPAIR_ARRAY,
    examples: {
      match: [`$ cat ~/.config/solana/id.json\n[${Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256).join(',')}]`],
      noMatch: [`solana balance: [${Array.from({ length: 8 }, (_, i) => i * 3).join(',')}]`],
    },
  },
  {
    id: 'private-key-text-dump',
    type: 'secret',
    label: 'private-key',
    description: "a private key's members printed as hex bytes under their label, as `openssl pkey/rsa/ec -text` and GnuTLS `certtool -k` print them (`priv:`, `privateExponent:`, `prime1:` … `coefficient:`, `private key:`, `private exponent:`, `exp1:`); the public `modulus:`, `pub:`, `x:`, `y:` stay",
    keywords: ['priv:', 'privateexponent:', 'prime1:', 'prime2:', 'exponent1:', 'exponent2:', 'coefficient:', 'private exponent:', 'private key:', 'private-key:', 'exp1:', 'exp2:'],
    // the label alone on its line, then at least 8 indented hex bytes: openssl ends its lines with ':', certtool does not
    pattern: /^[ \t]*(?:priv|privateExponent|prime[12]|exponent[12]|coefficient|private exponent|private key|private-key|exp[12]):[ \t]*\r?\n[ \t]+(?<secret>[0-9a-fA-F]{2}(?:(?::|:?[ \t]*\r?\n[ \t]+)[0-9a-fA-F]{2}){7,})/im,
    examples: {
      match: [
        'Private-Key: (256 bit)\npriv:\n    62:0f:08:8f:d7:0d:98:32:2b:51:60:dc:63:88:19:\n    ab:ae:85:71:13:3b:7a:86:f6:87:f3:40:8e:9e:05:\n    be:c5\npub:\n    04:c2:be:3c',
        'publicExponent: 65537 (0x10001)\nprivateExponent:\n    00:9e:4c:1a:77:30:5b:c2:91:0d:6e:f3:28:a4:',
        'curve:\tSECP256R1\nprivate key:\n\t5e:e2:f6:0d:b0:11:59:e5:5f:cb:9d:84:19:51:7d:f8\n\tda:67:f7:ab:66:d3:68:db:cc:ca:0e:9f:02:ed:28:a7\n\t\n',
        'prime1:\n\t00:f3:ce:f2:1b:5b:f0:04:f9:4d:39:bb:92:95:55:ac\n\tbf:cc:55:c2:f1:b2:57:30:2f',
      ],
      noMatch: [
        'modulus:\n    00:c4:0d:3d:e9:2a:88:95:a6:82:22:fe:3a:cc:0e:c1:',
        'pub:\n    04:c2:be:3c:55:1d:b7:ea:ba:fd:9f:c7:ce:4e:6c:',
        'Private-Key: (512 bit, 2 primes)',
        'private key:\n\t5e:e2',
        'SHA256 Fingerprint=AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
      ],
    },
  },
];
