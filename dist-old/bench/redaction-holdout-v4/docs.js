const EX = 'EXAMPLE';
const AWS_ID = ['AKIA', 'IOSFODNN7', EX].join('');
const AWS_ID_2 = ['AKIA', 'I44QH8DHB', EX].join('');
const AWS_SECRET = ['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCY' + EX + 'KEY'].join('/');
const AWS_SECRET_2 = ['je7MtGbClwBF', '2Zp9Utk', 'h3yCo8nvb' + EX + 'KEY'].join('/');
const STRIPE_DOC = ['sk', 'test', '4eC39HqLyjWDarjtT1zdp7dc'].join('_');
const AZURITE_KEY = ['Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq', 'K1SZFPTOtr', 'KBHBeksoGMGw=='].join('/');
const JWT_IO = [
    Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
    Buffer.from('{"sub":"1234567890","name":"John Doe","iat":1516239022}').toString('base64url'),
    ['SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV', 'adQssw5c'].join('_'),
].join('.');
const RFC6749_ACCESS = ['2YotnFZFEjr1', 'zCsicMWpAA'].join('');
const RFC6749_REFRESH = ['tGzv3JOkF0XG5', 'Qx2TlKWIA'].join('');
const RFC7617_BASIC = Buffer.from(['Aladdin', 'open sesame'].join(':')).toString('base64');
export const DOC_SAMPLES = [
    { text: `[default]\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}`, targets: [AWS_ID, AWS_SECRET] },
    { text: `export AWS_ACCESS_KEY_ID=${AWS_ID_2}\nexport AWS_SECRET_ACCESS_KEY=${AWS_SECRET_2}`, targets: [AWS_ID_2, AWS_SECRET_2] },
    { text: `PS C:\\> $env:AWS_ACCESS_KEY_ID="${AWS_ID}"`, targets: [AWS_ID] },
    { text: `curl https://api.stripe.com/v1/charges \\\n  -u ${STRIPE_DOC}:`, targets: [STRIPE_DOC] },
    { text: `Stripe.api_key = '${STRIPE_DOC}'`, targets: [STRIPE_DOC] },
    { text: `AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${AZURITE_KEY};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"`, targets: [AZURITE_KEY] },
    { text: `curl -H "Authorization: Bearer ${JWT_IO}" http://localhost:8080/protected`, targets: [JWT_IO] },
    { text: `HTTP/1.1 200 OK\nContent-Type: application/json;charset=UTF-8\n\n{\n  "access_token":"${RFC6749_ACCESS}",\n  "token_type":"example",\n  "expires_in":3600,\n  "refresh_token":"${RFC6749_REFRESH}"\n}`, targets: [RFC6749_ACCESS, RFC6749_REFRESH] },
    { text: `GET /resource HTTP/1.1\nHost: server.example.com\nAuthorization: Basic ${RFC7617_BASIC}`, targets: [RFC7617_BASIC] },
    { text: `# .env.example from the quickstart\nSTRIPE_SECRET_KEY=${STRIPE_DOC}`, targets: [STRIPE_DOC] },
    { text: JSON.stringify({ token: JWT_IO }, null, 2), targets: [JWT_IO] },
    { text: `aws_secret_access_key: "${AWS_SECRET}"  # from the AWS CLI user guide`, targets: [AWS_SECRET] },
];
//# sourceMappingURL=docs.js.map