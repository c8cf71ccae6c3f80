/**
 * Values that vendors and standards publish in their own documentation (flagged `docExample`).
 * Assembled from pieces so no famous string sits in the source as one token.
 */
import { j, made } from './util.js';
export const DOC_TEMPLATES = [
    // AWS documentation example access key id and secret.
    () => made(`[default]\naws_access_key_id = ${j('AKIA', 'IOSFODNN7', 'EXAMPLE')}\nregion = us-west-2`, j('AKIA', 'IOSFODNN7', 'EXAMPLE')),
    () => made(`export AWS_SECRET_ACCESS_KEY=${j('wJalrXUtnFEMI/', 'K7MDENG/', 'bPxRfiCY', 'EXAMPLEKEY')}`, j('wJalrXUtnFEMI/', 'K7MDENG/', 'bPxRfiCY', 'EXAMPLEKEY')),
    // Stripe's long-standing documentation test key.
    () => made(`curl https://api.stripe.com/v1/charges -u ${j('sk_test_', '4eC39HqLyjWD', 'arjtT1zdp7dc')}:`, j('sk_test_', '4eC39HqLyjWD', 'arjtT1zdp7dc')),
    // Slack's documented webhook shape.
    () => made(`SLACK_WEBHOOK_URL=https://hooks.slack.com/services/${j('T0000', '0000/B0000', '0000/', 'XXXXXXXXXXXX', 'XXXXXXXXXXXX')}`, j('T0000', '0000/B0000', '0000/', 'XXXXXXXXXXXX', 'XXXXXXXXXXXX')),
    // jwt.io's default example token.
    () => {
        const t = j('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '.', 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ', '.', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c');
        return made(`Authorization: Bearer ${t}`, t);
    },
    // Azurite / storage emulator well-known account key (Microsoft docs).
    () => {
        const k = j('Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1', 'OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/', 'K1SZFPTOtr/KBHBeksoGMGw==');
        return made(`DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${k};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;`, k);
    },
    // RFC 6749 section 5.1 example access and refresh tokens.
    () => made(`{\n  "access_token":"${j('2YotnFZFEjr1', 'zCsicMWpAA')}",\n  "token_type":"example",\n  "expires_in":3600,\n  "refresh_token":"${j('tGzv3JOkF0XG', '5Qx2TlKWIA')}"\n}`, j('2YotnFZFEjr1', 'zCsicMWpAA'), j('tGzv3JOkF0XG', '5Qx2TlKWIA')),
    // RFC 7617 Basic example (Aladdin / open sesame).
    () => made(`Authorization: Basic ${j('QWxhZGRpbjpv', 'cGVuIHNlc2FtZQ==')}`, j('QWxhZGRpbjpv', 'cGVuIHNlc2FtZQ==')),
    // GitHub documentation's example personal access token.
    () => made(`curl -H "Authorization: Bearer ${j('ghp_', '16C7e42F292c6912E', '7710c838347Ae178B4a')}" https://api.github.com/octocat`, j('ghp_', '16C7e42F292c6912E', '7710c838347Ae178B4a')),
    // Slack API documentation's sample bot token.
    () => made(`"bot_access_token": "${j('xoxb-', '17653672481-', '19874698323-', 'pdFZKVeTuE8sk7oOcBrzbqgy')}"`, j('xoxb-', '17653672481-', '19874698323-', 'pdFZKVeTuE8sk7oOcBrzbqgy')),
];
//# sourceMappingURL=docs.js.map