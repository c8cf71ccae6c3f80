/**
 * Vendors' own published example credentials (AWS's documented example key pair, Stripe's
 * documented test key) through the same carriers: counted apart from the other secrets.
 */
import { base64Wrapped, percentEncode, unicodeEscape } from './encode.js';
import { category, isoTime, service } from './kit.js';

const AWS_EXAMPLE_ID = 'AKIAIOSFODNN7EXAMPLE';
const AWS_EXAMPLE_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const STRIPE_EXAMPLE = 'sk_test_4eC39HqLyjWDarjtT1zdp7dc';

export const DOC_EXAMPLE_CATEGORIES = [
  category('doc-aws-base64-env', 10, (rng) => {
    const blob = base64Wrapped(`AWS_REGION=${rng.pick(['us-east-1', 'eu-west-1', 'ap-south-1'])}\nAWS_ACCESS_KEY_ID=${AWS_EXAMPLE_ID}\nAWS_SECRET_ACCESS_KEY=${AWS_EXAMPLE_SECRET}\nAPP=${service(rng)}\n`);
    return { text: `$ base64 .env.${rng.pick(['ci', 'dev', 'sample'])}\n${blob}`, targets: [blob] };
  }),
  category('doc-aws-url-and-unicode', 10, (rng) => {
    const enc = rng.chance(0.5) ? percentEncode(AWS_EXAMPLE_SECRET) : unicodeEscape(AWS_EXAMPLE_SECRET);
    return { text: `${isoTime(rng)} ${service(rng)} sign-request key_id=${AWS_EXAMPLE_ID} secret=${enc} attempt=${rng.int(1, 9)}`, targets: [AWS_EXAMPLE_ID, enc] };
  }),
  category('doc-stripe-curl-trace', 10, (rng) => ({
    text: `$ curl -v https://api.stripe.com/v1/${rng.pick(['charges', 'customers', 'payment_intents'])} -u ${STRIPE_EXAMPLE}:\n> POST /v1/charges HTTP/2\n> authorization: Basic ${Buffer.from(`${STRIPE_EXAMPLE}:`).toString('base64')}\n< request-id: req_${rng.str('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop0123456789', 14)}`,
    targets: [STRIPE_EXAMPLE, Buffer.from(`${STRIPE_EXAMPLE}:`).toString('base64')],
  })),
];
