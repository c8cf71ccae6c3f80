/**
 * Published documentation examples (AWS, Stripe, jwt.io, RFC 7519, Azurite, RFC 6749/6750/7617,
 * GitHub, Slack, Mailgun), placed the way they turn up in sessions. Assembled from pieces so no
 * scanner mistakes this file for a leak. Counted apart from recall (`docExample`).
 */
const j = (...p) => p.join('');
const AWS_ID = j('AKIA', 'IOSFODNN7', 'EXAMPLE');
const AWS_SECRET = j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCY', 'EXAMPLEKEY');
const AWS_ID2 = j('AKIA', 'I44QH8DHB', 'EXAMPLE');
const AWS_SECRET2 = j('je7MtGbClwBF/2Zp9Utk/', 'h3yCo8nvb', 'EXAMPLEKEY');
const STRIPE = j('sk_', 'test_', '4eC39HqLyjWDarjtT1zdp7dc');
const JWT_IO = j('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '.', 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ', '.', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c');
const RFC7519 = j('eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9', '.', 'eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ', '.', 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
const AZURITE = j('Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq', '/K1SZFTSOtr/KBHBeksoGMGw==');
const RFC6749 = j('2YotnFZFEjr1', 'zCsicMWpAA');
const RFC7617 = j('QWxhZGRpbjpvcGVu', 'IHNlc2FtZQ==');
const RFC6750 = j('mF_9.B5f-4', '.1JqM');
const GITHUB = j('ghp_', '16C7e42F292c6912E7710c838347Ae178B4a');
const SLACK = j('xoxb-', '17653672481-19874698323-', 'pdFZKVeTuE8sk7oOcBrzbqgy');
const MAILGUN = j('key-', '3ax6xnjp29jd6fds4gc373sgvjxteol0');
export const DOC_CASES = [
    { text: `$ cat ~/.aws/credentials\n[default]\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}`, targets: [AWS_ID, AWS_SECRET] },
    { text: `export AWS_ACCESS_KEY_ID=${AWS_ID2}\nexport AWS_SECRET_ACCESS_KEY=${AWS_SECRET2}`, targets: [AWS_ID2, AWS_SECRET2] },
    { text: `$ curl https://api.stripe.com/v1/charges -u ${STRIPE}: -d amount=2000 -d currency=usd`, targets: [STRIPE] },
    { text: `The token in the failing test decodes fine on jwt.io:\n${JWT_IO}`, targets: [JWT_IO] },
    { text: `Authorization: Bearer ${RFC7519}`, targets: [RFC7519] },
    { text: `AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${AZURITE};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"`, targets: [AZURITE] },
    { text: `HTTP/1.1 200 OK\nContent-Type: application/json;charset=UTF-8\n\n{"access_token":"${RFC6749}","token_type":"example","expires_in":3600}`, targets: [RFC6749] },
    { text: `> GET /protected HTTP/1.1\n> Authorization: Basic ${RFC7617}`, targets: [RFC7617] },
    { text: `GET /resource HTTP/1.1\nHost: server.example.com\nAuthorization: Bearer ${RFC6750}`, targets: [RFC6750] },
    { text: `$ curl --request GET --url "https://api.github.com/octocat" --header "Authorization: Bearer ${GITHUB}"`, targets: [GITHUB] },
    { text: `SLACK_BOT_TOKEN=${SLACK}`, targets: [SLACK] },
    { text: `$ curl -s --user 'api:${MAILGUN}' https://api.mailgun.net/v3/samples.mailgun.org/messages`, targets: [MAILGUN] },
];
//# sourceMappingURL=docs.js.map