const AWS_ID = 'AKIAIOSFODNN7' + 'EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCY' + 'EXAMPLEKEY';
const AWS_ID_2 = 'AKIAI44QH8DHB' + 'EXAMPLE';
const AWS_SECRET_2 = 'je7MtGbClwBF/2Zp9Utk/h3yCo8nvb' + 'EXAMPLEKEY';
const JWT_IO = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9' + '.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ' + '.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
const JWT_IO_SECRET_PART = JWT_IO.slice(JWT_IO.indexOf('.') + 1);
/** The Azurite / storage-emulator account key for devstoreaccount1, published by Microsoft. */
const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/' + 'K1SZFPTOtr/KBHBeksoGMGw==';
const STRIPE_DOCS_TEST = 'sk_test_' + '4eC39HqLyjWDarjtT1zdp7dc';
export const DOC_EXAMPLES = [
    { category: 'aws-docs-example', text: `[default]\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}`, targets: [AWS_ID, AWS_SECRET] },
    { category: 'aws-docs-example', text: `$ export AWS_ACCESS_KEY_ID=${AWS_ID}\n$ export AWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n$ export AWS_DEFAULT_REGION=us-west-2`, targets: [AWS_ID, AWS_SECRET] },
    { category: 'aws-docs-example', text: `$ aws configure\nAWS Access Key ID [None]: ${AWS_ID}\nAWS Secret Access Key [None]: ${AWS_SECRET}\nDefault region name [None]: us-west-2`, targets: [AWS_ID, AWS_SECRET] },
    { category: 'aws-docs-example', text: `s3 = boto3.client("s3", aws_access_key_id="${AWS_ID}", aws_secret_access_key="${AWS_SECRET}")`, targets: [AWS_ID, AWS_SECRET] },
    { category: 'aws-docs-example', text: `[profile user1]\naws_access_key_id=${AWS_ID_2}\naws_secret_access_key=${AWS_SECRET_2}`, targets: [AWS_ID_2, AWS_SECRET_2] },
    { category: 'aws-docs-example', text: `The tests use the documentation key ${AWS_ID} so nothing real is ever touched.`, targets: [AWS_ID] },
    { category: 'aws-docs-example', text: `provider "aws" {\n  access_key = "${AWS_ID}"\n  secret_key = "${AWS_SECRET}"\n}`, targets: [AWS_ID, AWS_SECRET] },
    { category: 'jwt-io-sample', text: `Authorization: Bearer ${JWT_IO}`, targets: [JWT_IO_SECRET_PART] },
    { category: 'jwt-io-sample', text: `const sample = '${JWT_IO}'; // from jwt.io\nexpect(decode(sample).name).toBe('John Doe');`, targets: [JWT_IO_SECRET_PART] },
    { category: 'jwt-io-sample', text: `curl -H "Authorization: Bearer ${JWT_IO}" http://localhost:3000/api/me`, targets: [JWT_IO_SECRET_PART] },
    { category: 'jwt-io-sample', text: `Paste ${JWT_IO} into the debugger and you will see sub=1234567890.`, targets: [JWT_IO_SECRET_PART] },
    { category: 'azurite-well-known-key', text: `"AzureWebJobsStorage": "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=${AZURITE_KEY};BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;"`, targets: [AZURITE_KEY] },
    { category: 'azurite-well-known-key', text: `AZURE_STORAGE_KEY=${AZURITE_KEY}\nAZURE_STORAGE_ACCOUNT=devstoreaccount1`, targets: [AZURITE_KEY] },
    { category: 'azurite-well-known-key', text: `$ azurite --silent --location /tmp/azurite\n# account: devstoreaccount1  key: ${AZURITE_KEY}`, targets: [AZURITE_KEY] },
    { category: 'stripe-docs-test-key', text: `curl https://api.stripe.com/v1/charges \\\n  -u ${STRIPE_DOCS_TEST}: \\\n  -d amount=2000`, targets: [STRIPE_DOCS_TEST] },
    { category: 'stripe-docs-test-key', text: `Stripe.api_key = '${STRIPE_DOCS_TEST}'`, targets: [STRIPE_DOCS_TEST] },
    { category: 'stripe-docs-test-key', text: `const stripe = require('stripe')('${STRIPE_DOCS_TEST}');`, targets: [STRIPE_DOCS_TEST] },
];
//# sourceMappingURL=doc-examples.js.map