const j = (...parts) => parts.join('');
const AWS_ID = j('AKIA', 'IOSFODNN7', 'EXAMPLE');
const AWS_SECRET = j('wJalrXUtnFEMI', '/K7MDENG/', 'bPxRfiCY', 'EXAMPLEKEY');
const AWS_ID_2 = j('AKIA', 'I44QH8DHB', 'EXAMPLE');
const AWS_SECRET_2 = j('je7MtGbClwBF', '/2Zp9Utk/', 'h3yCo8nvb', 'EXAMPLEKEY');
const JWT_IO = j('eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9', '.', 'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ', '.', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c');
const STRIPE_DOCS = j('sk_', 'test_', '4eC39HqLyjWDarjtT1zdp7dc');
const MAPS_DOCS = j('AIza', 'SyDaGmWKa4JsXZ-HjGw7ISLn', '_3namBGewQe');
const AZURITE_KEY = j('Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq', '/K1SZFPTOtr/', 'KBHBeksoGMGw==');
export const DOC_EXAMPLES = [
    { category: 'aws-docs-example', text: `[default]\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}\n`, targets: [AWS_ID, AWS_SECRET] },
    { category: 'aws-docs-example', text: `export AWS_ACCESS_KEY_ID=${AWS_ID}\nexport AWS_SECRET_ACCESS_KEY=${AWS_SECRET}\nexport AWS_DEFAULT_REGION=us-west-2\n`, targets: [AWS_ID, AWS_SECRET] },
    { category: 'aws-docs-example', text: `provider "aws" {\n  access_key = "${AWS_ID_2}"\n  secret_key = "${AWS_SECRET_2}"\n}\n`, targets: [AWS_ID_2, AWS_SECRET_2] },
    { category: 'aws-docs-example', text: `AWS Access Key ID [None]: ${AWS_ID}\nAWS Secret Access Key [None]: ${AWS_SECRET}\n`, targets: [AWS_ID, AWS_SECRET] },
    { category: 'jwt-io-example', text: `Authorization: Bearer ${JWT_IO}\n`, targets: [JWT_IO] },
    { category: 'jwt-io-example', text: `{"token":"${JWT_IO}"}`, targets: [JWT_IO] },
    { category: 'jwt-io-example', text: `const token = '${JWT_IO}';\nconsole.log(jwtDecode(token));`, targets: [JWT_IO] },
    { category: 'stripe-docs-example', text: `curl https://api.stripe.com/v1/charges \\\n  -u ${STRIPE_DOCS}: \\\n  -d amount=2000 \\\n  -d currency=usd`, targets: [STRIPE_DOCS] },
    { category: 'stripe-docs-example', text: `stripe.api_key = "${STRIPE_DOCS}"`, targets: [STRIPE_DOCS] },
    { category: 'google-maps-docs-example', text: `<script src="https://maps.googleapis.com/maps/api/js?key=${MAPS_DOCS}&callback=initMap" async defer></script>`, targets: [MAPS_DOCS] },
    { category: 'azurite-docs-example', text: `DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${AZURITE_KEY};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;`, targets: [AZURITE_KEY] },
    { category: 'azurite-docs-example', text: `AZURE_STORAGE_KEY=${AZURITE_KEY}\n`, targets: [AZURITE_KEY] },
];
//# sourceMappingURL=docs.js.map