/**
 * Payments and commerce: Stripe, Square, Braintree, Shopify, Shippo, Lob, Plaid, EasyPost, Paddle,
 * Xendit, Mercado Pago.
 */
import type { Rule } from '../../types.js';
import { R, RD, B64_END, UUID, prefixed, DOC, vendorToken, namedValue } from './shared.js';

export const PAYMENTS_RULES: readonly Rule[] = [
  prefixed('paddle-api-key', 'Paddle Billing API key (pdl_live_apikey_ or pdl_sdbx_apikey_ + an id and a secret)', ['pdl_live_', 'pdl_sdbx_'], String.raw`pdl_(?:live|sdbx)_apikey_[A-Za-z0-9]{20,32}_[A-Za-z0-9]{20,40}`, 'PADDLE_API_KEY=pdl_live_apikey_01HZQ8LM2XV7RT9WN3HB6JD1FG_Kq9Vm2Lx7Zp4Wn8Rt3Bc6Yh'),
  prefixed('xendit-secret-key', 'Xendit secret API key (xnd_production_ or xnd_development_ + its body; the public keys start xnd_public_)', ['xnd_production_', 'xnd_development_'], String.raw`xnd_(?:production|development)_[A-Za-z0-9]{40,100}`, 'XENDIT_SECRET_KEY=xnd_production_Pq8Lm3Vx7Kz2Rt9Wn4Bc6Yh1Jd5Fg0Ks8Tq2Lm7Vx3Zp9Rt4W'),
  prefixed('mercadopago-access-token', 'Mercado Pago production access token (APP_USR- + 16 digits, 6 digits, 32 hex, the user id; the public key is APP_USR- + a UUID)', ['app_usr-'], String.raw`APP_USR-\d{16}-\d{6}-[0-9a-f]{32}-\d{6,12}`, 'MERCADOPAGO_ACCESS_TOKEN=APP_USR-7391046628174502-112614-9d4b7e2a5c8f1d3b6e9a2c5f8b1d4e7a-482913576'),
  vendorToken('stripe-secret-key', 'Stripe (or Clerk-style) secret key (sk_live_/sk_test_)', { keywords: ['sk_live_', 'sk_test_'], body: String.raw`sk_(?:live|test)_[A-Za-z0-9]{20,247}${R}`, entropy: 3 },
    { match: ['STRIPE_SECRET_KEY=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', 'curl https://api.stripe.com/v1/charges -u sk_test_xXW5N36Dw2wdAEnRL112bi7k:'], noMatch: ['pk_live_51VKoATqDP6lLUPeAJREM6Osn8ZV6YuFMd09ozJn5GxJJ848aaWqUhp46sehLTVFiv8OrkjCopdBzkHOnZkmhhbxZBjA0Mz6nqK', 'sk_test_pgznWKjo', 'sk_live_xxxxxxxxxxxxxxxxxxxxxxxx'] }),
  vendorToken('stripe-restricted-key', 'Stripe restricted key (rk_live_/rk_test_)', { keywords: ['rk_live_', 'rk_test_'], body: String.raw`rk_(?:live|test)_[A-Za-z0-9]{20,247}${R}`, entropy: 3 },
    { match: ['STRIPE_RESTRICTED_KEY=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', '{\\"key\\": \\"rk_test_SWJZJODLpavIo4uD7NJDRoZ3\\"}'], noMatch: ['rk_live_xoNvTE0b18', 'pk_test_m8mNrdBuErhYiPUc4J430BX1'] }),
  vendorToken('stripe-webhook-secret', 'Stripe / Svix webhook signing secret (whsec_)', { keywords: ['whsec_'], body: String.raw`whsec_[A-Za-z0-9+/]{24,100}${B64_END}`, entropy: 3.5 },
    { match: ['STRIPE_WEBHOOK_SECRET=whsec_RfSstXThE7aXY0YXZMEZcZxWXsKoompB', 'Ready! Your webhook signing secret is whsec_8b08edb8a55a5e8ea4bcec799da1daa965524830e32a371b2450ac2b127c0ac2 (^C to quit)'], noMatch: ['whsec_JQILlIneUW', 'whsec_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'] }),
  vendorToken('square-access-token', 'Square access token (EAAA + 60, or legacy sq0atp-)', { keywords: ['eaaa', 'sq0atp-'], body: String.raw`(?:EAAA[A-Za-z0-9_-]{40,60}|sq0atp-[A-Za-z0-9_-]{22,60})${RD}`, entropy: 3.5 },
    { match: ['SQUARE_ACCESS_TOKEN=EAAAi8XGhWtPoUwcARZGq7kcvpncSNGlLmHFfwCX6fR2jbj6xN8nhRhREOZEMYRB', 'Authorization: Bearer sq0atp-8vnY61z4TlrPi6aSXr94UX'], noMatch: ['EAAAI9xZGNapMq-jYWlfvm-x', 'sq0idp-XBRvZE3MbYEExcHt0auRUY'] }),
  vendorToken('square-oauth-secret', 'Square OAuth application secret (sq0csp- + 43)', { keywords: ['sq0csp-'], body: String.raw`(?:sandbox-)?sq0csp-[A-Za-z0-9_-]{43}${RD}`, entropy: 3.5 },
    { match: ['SQUARE_APP_SECRET=sq0csp-PpFIHoUC-sd08VDefj9PWpdW0DFcw0w2ZkFR80Eangv', 'client_secret: sandbox-sq0csp-hbriJ_YSnTlvUT2O6QMNz-kcbjivmTZnpPGO2hpquXt'], noMatch: ['sq0csp-uAYthkx0Grk4NDUvS6D4', 'sq0idp-ucTS9wwPufoZ1HGbv_C4lI'] }),
  vendorToken('braintree-access-token', 'PayPal Braintree access token (access_token$production$…$…)', { keywords: ['access_token$'], body: String.raw`access_token\$(?:production|sandbox)\$[0-9a-z]{6,32}\$[0-9a-f]{32}${R}`, entropy: 3 },
    { match: ['BRAINTREE_ACCESS_TOKEN=access_token$production$2knsg8ao6vnw40i1$1a99553b6f3ac8cbef12408d7c542c9c', 'gateway = braintree.BraintreeGateway(access_token="access_token$sandbox$cvu4dgh2t6cuhot8$6e1268dc6c2a825ced3cf2dee3499eaa")', 'export BT_TOKEN=access_token$production$m4q8z2k7vw$9c3e7a1f5b2d8e4a6c0f3b9d7e1a5c2f'], noMatch: ['access_token$production$', 'access_token$sandbox$zurx9nqj12dpesb8'] }),
  vendorToken('shopify-access-token', 'Shopify access token (shpat_/shpca_/shppa_ + 32 hex)', { keywords: ['shpat_', 'shpca_', 'shppa_'], body: String.raw`shp(?:at|ca|pa)_[a-fA-F0-9]{32}${R}`, entropy: 3 },
    { match: ['SHOPIFY_ACCESS_TOKEN=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', 'curl -H "X-Shopify-Access-Token: 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" https://acme.myshopify.com/admin/api/2024-01/shop.json'], noMatch: ['shpat_9940a3c3a3b78b85', 'shpat_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'] }),
  vendorToken('shopify-shared-secret', 'Shopify app shared secret (shpss_ + 32 hex)', { keywords: ['shpss_'], body: String.raw`shpss_[a-fA-F0-9]{32}${R}`, entropy: 3 },
    { match: ['SHOPIFY_API_SECRET=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', 'client_secret = "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"'], noMatch: ['shpss_669f9a3f52c669ae1da3', 'shpss_secret_name'] }),
  vendorToken('shippo-api-token', 'Shippo API token (shippo_live_/shippo_test_ + 40 hex)', { keywords: ['shippo_'], body: String.raw`shippo_(?:live|test)_[a-fA-F0-9]{40}${R}`, entropy: 3 },
    { match: ['SHIPPO_API_KEY=shippo_live_355453ac06de6964cbae24f644dd223896f1f61f', 'Authorization: ShippoToken shippo_test_f045a9d6fa899838f197b825ed4fae37adf05aa5'], noMatch: ['shippo_live_01af4461c301ec8b778b', 'shippo_test_mode = true'] }),
  vendorToken('lob-api-key', 'Lob secret API key (live_/test_ + 35 hex)', { keywords: ['live_', 'test_'], body: String.raw`(?:live|test)_[a-f0-9]{35}${R}`, entropy: 3 },
    { match: ['LOB_API_KEY=live_e13e625fe857c8cb93d848474094374491b', 'curl https://api.lob.com/v1/addresses -u test_80a97ffe2009c28f35d0f99e0b2e4d7dd5e:'], noMatch: ['live_pub_887d97a8a1baf335cf16c21a5b00d98', 'test_7b2311c8381d71a5e14084d1b3e16f91', 'def test_55218d7d674e60a9cae65dd40e37cf85840_case():'] }),
  vendorToken('plaid-access-token', 'Plaid access token (access-<environment>-<UUID>)', { keywords: ['access-sandbox-', 'access-development-', 'access-production-'], body: String.raw`access-(?:sandbox|development|production)-${UUID}${RD}`, allow: DOC },
    { match: ['{"access_token": "access-production-a406d12b-372f-4467-a6f9-47651adbc2bf", "item_id": "x"}', 'PLAID_ACCESS_TOKEN=access-sandbox-6ac8f3da-39cc-4aa6-8340-c47cd3289edd'], noMatch: ['access-sandbox-30afba42', 'public-sandbox-cc3daae1-9354-4bc4-a120-471a87c1d619'] }),
  namedValue('plaid-secret-key', 'Plaid secret (30 hex) after a Plaid secret name', { keywords: ['plaid'], name: String.raw`plaid[\w .-]{0,20}?secret`, value: '[a-f0-9]{30}', end: R, entropy: 3 },
    { match: ['PLAID_SECRET=6f36fe8c253b3d1e8f4d2f1a95dc18', '{\\"plaid_secret\\": \\"1e2fe042dd699735a809a6f85c7d5a\\"}'], noMatch: ['PLAID_CLIENT_ID=5ad1e6616d1da2a46dfb2112', 'PLAID_SECRET=2dfa523ce3bcee26e32b7dc4'] }),
  vendorToken('easypost-api-key', 'EasyPost API key (EZAK/EZTK + 54)', { keywords: ['ezak', 'eztk'], body: String.raw`EZ[AT]K[A-Za-z0-9]{54}${R}`, entropy: 3.5 },
    { match: ['EASYPOST_API_KEY=EZAK48SivKwL7PfQRsJrUSpi6UiUriJWb1SYvvRJviDVETpE2fMo8nxiqD', 'client = easypost.EasyPostClient("EZTKPZuwC1E9rVYJYD2Dd6gTgL9Xbv7gtcfFcqZ5tWcoeY7ReFumYsoEYN")'], noMatch: ['EZAKXW3ltPgVyotyZJH2ohDe', 'EZTK is the test prefix'] }),
];
