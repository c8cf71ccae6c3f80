/** CI logs where masking did not happen, HTTP clients' debug output, and the idioms people and scripts give passwords in. */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const redact = (text: string) => createTextRedactor('standard')(text).text;

/** [what, the text, the secret in it] */
const FOUND: Array<[string, string, string]> = [
  ['add-mask echoed by set -x', "+ echo '::add-mask::Xq8vLm2Kz9pTnRw4'", 'Xq8vLm2Kz9pTnRw4'],
  ['Azure Pipelines secret variable', "+ echo '##vso[task.setvariable variable=API_TOKEN;issecret=true]Tk9xQm2Lp7zRt4wBs6yJ'", 'Tk9xQm2Lp7zRt4wBs6yJ'],
  ['Azure Pipelines variable named as a password', '##vso[task.setvariable variable=dbPassword]Gm7xQ2pLz9', 'Gm7xQ2pLz9'],
  ['GitHub set-output of a token', '::set-output name=token::Rz8vXq3mLk9pNt2wBs6y', 'Rz8vXq3mLk9pNt2wBs6y'],
  ['a step debug log evaluating a secret', "2024-03-14T10:22:31.5519302Z ##[debug]Evaluating: secrets.DB_PASS\n2024-03-14T10:22:31.5519302Z ##[debug]=> 'Hj3kL9mQ2xPz'\n2024-03-14T10:22:31.5519302Z ##[debug]Result: 'Hj3kL9mQ2xPz'", 'Hj3kL9mQ2xPz'],
  ['a GitLab job echoing a secret variable', '$ echo $DEPLOY_PASSWORD\nDp8xQm2Lp7!\n$ ./deploy.sh', 'Dp8xQm2Lp7!'],
  ['curl -v, Digest response', '> Authorization: Digest username="jdoe", realm="api", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/x", response="6629fae49393a05397450978507c4ef1"', '6629fae49393a05397450978507c4ef1'],
  ['Apache HttpClient wire log, AWS SigV4', 'http-outgoing-0 >> "Authorization: AWS4-HMAC-SHA256 Credential=AKIAZ7XQ3MPLV4KNW2RT/20240314/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024[\\r][\\n]"', 'fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024'],
  ['a Cookie header in a printed headers map', "{'User-Agent': 'python-requests/2.31.0', 'Cookie': 'csrftoken=abc; sessionid=Sx8xQm2Lp7zRt4wBs6yJ4hF3'}", 'Sx8xQm2Lp7zRt4wBs6yJ4hF3'],
  ['OAuth 1.0 header', '> Authorization: OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", oauth_signature="tnnArxj06cWHq44gCs1OSKk%2FjY%3D", oauth_token="370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb"', '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb'],
  ['credentials joined by and', 'the credentials are admin and Kx7pLq2w9', 'Kx7pLq2w9'],
  ['an em-dash arrow', 'password —> Quill42rain', 'Quill42rain'],
  ['a unicode arrow', 'admin password → Kettle88fern', 'Kettle88fern'],
  ['an expect script', 'spawn ssh deploy@10.0.0.5\nexpect "*assword*"\nsend "hunter2pass\\r"\ninteract', 'hunter2pass'],
  ['a lower-case password in prose', 'the password is hunter2 btw', 'hunter2'],
  ['a lower-case password set to', 'I set the password to octopus9garden', 'octopus9garden'],
  ['pexpect', "child.expect('Password:')\nchild.sendline('Pexp3ct!pw')", 'Pexp3ct!pw'],
];

const LEFT: Array<[string, string]> = [
  ['add-mask of a variable', '::add-mask::$TOKEN'],
  ['add-mask already masked', "+ echo '::add-mask::***'"],
  ['a build number variable', '##vso[task.setvariable variable=buildNumber]1.4.2'],
  ['a masked debug evaluation', "##[debug]Evaluating: secrets.DB_PASS\n##[debug]=> '***'\n##[debug]Result: '***'"],
  ['a debug evaluation of a public value', "##[debug]Evaluating: github.ref_name\n##[debug]=> 'main'"],
  ['a job echoing an image tag', '$ echo $IMAGE_TAG\nv1.4.2-rc1'],
  ['a Digest header without the response', 'Authorization: Digest username="jdoe", realm="api", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/x"'],
  ['a pagination token label', 'the token for pagination: next_cursor_after_42'],
  ['a cursor for paging', 'use the token for paging: offset_100_limit_50'],
  ['credentials as words', 'the credentials are stored and rotated weekly'],
  ['an arrow to a hashing step', 'password -> hashed -> stored'],
  ['an arrow to an algorithm', 'password -> sha256'],
  ['an algorithm stated as the password', 'the password is sha256'],
  ['a version after password', 'password was changed to meet policy v2'],
  ['an expect script sending a command', 'expect "$ "\nsend "ls -la\\r"'],
  ['an expect script sending a variable', 'expect "*assword*"\nsend "$password\\r"'],
];

describe('secrets in CI logs, HTTP debug output and password idioms', () => {
  it.each(FOUND)('%s: the secret is redacted', (_, text, secret) => {
    expect(redact(text)).not.toContain(secret);
  });

  it.each(LEFT)('%s: nothing changes', (_, text) => {
    expect(redact(text)).toBe(text);
  });
});
