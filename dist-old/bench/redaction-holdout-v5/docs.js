const join = (...parts) => parts.join('');
// AWS documentation (IAM user guide, CLI configuration): the two example access key pairs.
const AWS_ID = join('AKIA', 'IOSFODNN7', 'EXAMPLE');
const AWS_SECRET = join('wJalrXUtnFEMI', '/K7MDENG/', 'bPxRfiCY', 'EXAMPLEKEY');
const AWS_ID_2 = join('AKIA', 'I44QH8DHB', 'EXAMPLE');
const AWS_SECRET_2 = join('je7MtGbClwBF', '/2Zp9Utk/', 'h3yCo8nvb', 'EXAMPLEKEY');
// jwt.io's default token (HS256, "John Doe").
const JWT_IO = join('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ', '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c');
// RFC 7519 section 3.1: the example JWT.
const RFC7519_JWT = join('eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9', '.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ', '.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
// Azurite (Azure Storage emulator) well-known development account key.
const AZURITE = join('Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq', '/K1SZFPTOtr/KBHBeksoGMGw==');
// RFC 7617 section 2: Basic credentials of "Aladdin" / "open sesame".
const RFC7617 = join('QWxhZGRpbjpv', 'cGVuIHNlc2FtZQ==');
// RFC 6749 section 2.3.1 / 4.1.3: client "s6BhdRkqt3" with secret "gX1fBat3bV".
const RFC6749 = join('czZCaGRSa3F0Mzpn', 'WDFmQmF0M2JW');
// RFC 6750 section 2.1: the example bearer token.
const RFC6750 = join('mF_9.B5f', '-4.1JqM');
// Stripe API reference: the documented test-mode secret key.
const STRIPE_DOC = join('sk_test_', '4eC39HqLyjWDarjtT1zdp7dc');
// Kubernetes documentation (Secrets): the base64 password of the "mysecret" example.
const K8S_DOC = join('MWYyZDFl', 'MmU2N2Rm');
export const DOC_SAMPLES = [
    { text: `$ cat ~/.aws/credentials\n[default]\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}`, targets: [AWS_SECRET] },
    { text: `$ cat .envrc\nexport AWS_ACCESS_KEY_ID=${AWS_ID_2}\nexport AWS_SECRET_ACCESS_KEY=${AWS_SECRET_2}\nexport AWS_REGION=us-west-2`, targets: [AWS_SECRET_2] },
    { text: JSON.stringify({ type: 'tool_use', name: 'Bash', input: { command: `curl -H "Authorization: Bearer ${JWT_IO}" http://127.0.0.1:8080/me` } }), targets: [JWT_IO] },
    { text: `$ grep -n "eyJ" docs/auth.md\n42:The token from RFC 7519 looks like \`${RFC7519_JWT}\`.`, targets: [RFC7519_JWT] },
    { text: `AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${AZURITE};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"`, targets: [AZURITE] },
    { text: `> GET /protected HTTP/1.1\n> Host: server.example.com\n> Authorization: Basic ${RFC7617}\n< HTTP/1.1 200 OK`, targets: [RFC7617] },
    { text: `POST /token HTTP/1.1\nHost: server.example.com\nAuthorization: Basic ${RFC6749}\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=authorization_code&code=SplxlOBeZQQYbYS6WxSbIA`, targets: [RFC6749] },
    { text: `The resource server expects \`Authorization: Bearer ${RFC6750}\` as in RFC 6750.`, targets: [RFC6750] },
    { text: `$ sed -n 10,14p README.md\n\`\`\`sh\ncurl https://api.stripe.com/v1/charges \\\n  -u ${STRIPE_DOC}:\n\`\`\``, targets: [STRIPE_DOC] },
    { text: `$ kubectl get secret mysecret -o yaml\napiVersion: v1\ndata:\n  password: ${K8S_DOC}\n  username: YWRtaW4=\nkind: Secret`, targets: [K8S_DOC] },
    { text: `user: can you check why this fails? import boto3; boto3.client("s3", aws_access_key_id="${AWS_ID}", aws_secret_access_key="${AWS_SECRET}")`, targets: [AWS_SECRET] },
    { text: JSON.stringify({ type: 'tool_result', content: JSON.stringify({ stdout: `STRIPE_SECRET_KEY=${STRIPE_DOC}\n` }) }), targets: [STRIPE_DOC] },
];
//# sourceMappingURL=docs.js.map