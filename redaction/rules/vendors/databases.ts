/**
 * Hosted databases and data platforms: Supabase, Neon, PlanetScale, Databricks, Pinecone, Algolia; Redis's AUTH command.
 * (Passwords in database URLs are found by `url-credentials`, a generic rule.)
 */
import type { Rule } from '../../types.js';
import { R, RD, vendorToken, namedValue } from './shared.js';

/**
 * Redis's `AUTH [username] password` as clients and the server print it: ioredis's debug log
 * (`auth([ 'pw' ])`), `MONITOR` (`"AUTH" "user" "pw"`), a command array (`['AUTH', 'pw']`,
 * `Do(ctx, "AUTH", "pw")`) and a `redis-cli` prompt line (`> AUTH pw`). The password is the last argument.
 */
const SASL_MECHANISM = String.raw`(?:PLAIN|LOGIN|CRAM-MD5|DIGEST-MD5|XOAUTH2?|OAUTHBEARER|GSSAPI|EXTERNAL|NTLM|ANONYMOUS|SCRAM-SHA-[\w-]+)`;
const REDIS_AUTH = new RegExp(
  [
    String.raw`(?:auth|AUTH)\(\[\s*(?:'[^'\n]*'\s*,\s*)?'(?<secret>[^'\n]{4,200})'\s*\]\)`,
    String.raw`AUTH"(?:[ \t]+"[^"\n]*")?[ \t]+"(?<secret2>[^"\n]{4,200})"(?![ \t]+")`,
    String.raw`(?<=['"])(?:auth|AUTH)(?<q>['"])\s*,\s*(?:['"][^'"\n]*['"]\s*,\s*)?['"](?<secret3>[^'"\n]{4,200})['"]\s*[\])]`,
    // a mail client's `AUTH PLAIN` / `AUTH LOGIN` names a SASL mechanism (mail-auth.ts reads its payload)
    String.raw`(?<=(?:^|[\n>])[ \t]*)AUTH[ \t]+(?!${SASL_MECHANISM}(?:[ \t]|\r?\n|$))(?:[^\s'"]+[ \t]+)?(?<secret4>[^\s'"]{4,200})[ \t]*(?=\r?\n|$)`,
  ].join('|'),
);

export const DATABASES_RULES: readonly Rule[] = [
  vendorToken('supabase-token', 'Supabase management token (sbp_ + 40 hex) or secret API key (sb_secret_)', { keywords: ['sbp_', 'sb_secret_'], body: String.raw`(?:sbp_[a-f0-9]{40}${R}|sb_secret_[A-Za-z0-9_-]{30,64}${RD})`, entropy: 3 },
    { match: ['SUPABASE_ACCESS_TOKEN=sbp_fe8062fa03f50c06981996ff637d0e20b356bab3', 'SUPABASE_SECRET_KEY="sb_secret_r5FKJR2XZSKQfLu0ug_4F9_uqx3kXKv"'], noMatch: ['NEXT_PUBLIC_SUPABASE_KEY=sb_publishable_LXEmcuX9Bwk9VS26LChBKB_ejW45y0X', 'sbp_ffc30dbd95bf4cdc3b91', 'sb_secret_key_name'] }),
  // shape only: Neon documents no format; keys seen in the wild are napi_ + 64 lower-case letters and digits
  vendorToken('neon-api-key', 'Neon API key (napi_ + 64 lower-case letters and digits)', { keywords: ['napi_'], body: String.raw`napi_[a-z0-9]{60,72}${R}`, entropy: 3.5 },
    { match: ['NEON_API_KEY=napi_29326ml64lg2tjf8cz2ka7edcmpb3u2m7os5af3r09fquo6sbegzgsyebannd4yz', 'neonctl projects list --api-key napi_0emrvftva0hipgad35l9m26mi0yhz0nartbnlzgcjn2qavsyeefnpaxx3i4iyljt --output json'], noMatch: ['napi_create_string_utf8(env, str, NAPI_AUTO_LENGTH, &result);', 'NEON_API_KEY=napi_your_neon_api_key', 'NEON_API_KEY=napi_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'] }),
  vendorToken('pinecone-api-key', 'Pinecone API key (pcsk_ + id + _ + 63)', { keywords: ['pcsk_'], body: String.raw`pcsk_[A-Za-z0-9]{5,6}_[A-Za-z0-9]{60,70}${R}`, entropy: 3.5 },
    { match: ['PINECONE_API_KEY=pcsk_0D9o3F_aFdvw124IFZtiX40xFEIeDlQLA5CaiguMSWz6AQLrOBpFKWyTezUuN32kS62qlu', 'pc = Pinecone(api_key="pcsk_dIdMf_pjpeRLlHeqn9V4HL8pl6bPEJa6v4vjBelkmR8fEKKDl4ijR8n8VhHV1hJQZh87H")'], noMatch: ['pcsk_my33EA_Gqh3EkLQkCeZ0E9Z2YU4', 'pcsk_prefix'] }),
  vendorToken('databricks-token', 'Databricks personal access token (dapi + 32 hex) or service principal OAuth secret (dose + 32 hex)', { keywords: ['dapi', 'dose'], body: String.raw`(?:dapi[a-f0-9]{32}(?:-\d)?|dose[a-f0-9]{32})${RD}`, entropy: 3 },
    { match: ['DATABRICKS_TOKEN=dapi9e642c0d00ea599943abb8838fcde4ec', 'databricks auth login --client-id 5e8b1d4a-7c2f-4a9e-8d3b-6f1c4a7e2d95 --client-secret dose8bdb5eba456bf92d5d98065e5751f751', '{\\"clientSecret\\": \\"dose43a5f61debc267b0bc8d3b1939a9b4dd\\"}', '[DEFAULT]\nhost = https://adb-1.azuredatabricks.net\ntoken = dapidaf558e79d3261a9119a35ca7cc2aeec-2'], noMatch: ['dapi1d4e0b7cdef8d35d', 'dapi_client = DatabricksAPI()', 'the dose was 4 mg', 'dosefa7c2e9b1d34'] }),
  namedValue('algolia-admin-key', 'Algolia admin / write API key (32 hex) after an Algolia admin or API key name', { keywords: ['algolia'], name: String.raw`algolia[\w .-]{0,12}?(?:admin|write)[\w .-]{0,12}?key|algolia[_ .-]?api[_ .-]?key`, value: '[a-f0-9]{32}', end: R, entropy: 3 },
    { match: ['ALGOLIA_ADMIN_KEY=74266e6ec5698affe118abf8db914b9b', '{\\"algolia_api_key\\": \\"1727f8f1f6562523800d9295b663c18d\\"}'], noMatch: ['ALGOLIA_SEARCH_KEY=56a81ee674413d085ec4d86a77ff326f', 'ALGOLIA_APP_ID=UW5QGIAL3Z'] }),
  vendorToken('planetscale-token', 'PlanetScale service token, OAuth token or database password (pscale_tkn_/pscale_oauth_/pscale_pw_)', { keywords: ['pscale_'], body: String.raw`pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=-]{32,64}${RD}`, entropy: 3.5 },
    { match: ['DATABASE_URL=mysql://uj6nkwidlxdk:pscale_pw_KuURfATSrE1ZjFmlxSx4tUFHtc7BCpl4sbjLCWf4l5d@aws.connect.psdb.cloud/app', 'PLANETSCALE_SERVICE_TOKEN=pscale_tkn_cfx0xbBLaGqrSK9EtTFoHCqht2yQhipNqHnyTKDJGNV'], noMatch: ['pscale_tkn_VKLdErRbPE', 'pscale_pw_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'] }),
  {
    id: 'redis-auth-command',
    type: 'secret',
    description: "Redis AUTH command's password as ioredis debug output, MONITOR, a command array or a redis-cli prompt prints it",
    keywords: ['auth'],
    keywordStarts: true,
    pattern: REDIS_AUTH,
    label: 'password',
    examples: {
      match: [
        "ioredis:redis write command[10.1.2.3:6379]: 0 -> auth([ 'Tq8#mZ2!vKp4' ]) +1ms",
        "ioredis:redis write command[cache:6379]: 0 -> auth([ 'app', 'Tq8mZ2vKp4Lw' ]) +0ms",
        '1732700000.118263 [0 10.1.2.4:50122] "AUTH" "orders" "Wn5$kd8Rq1zX"',
        "await redis.sendCommand(['AUTH', 'default', 'Wn5kd8Rq1zXb'])",
        'err := rdb.Do(ctx, "AUTH", "Wn5kd8Rq1zXb").Err()',
        'cache.internal:6379> AUTH Wn5kd8Rq1zXb\nOK',
      ],
      noMatch: [
        '1732700000.118263 [0 10.1.2.4:50122] "AUTH" "(redacted)"',
        "ioredis:redis write command[cache:6379]: 0 -> info([]) +0ms",
        'AUTH failed: WRONGPASS invalid username-password pair',
        'We call auth(["user"]) before the pipeline, see AUTH docs for details.',
        // names that end in "auth" listed as strings (HTTP statuses' aliases): no AUTH command
        '407: ("proxy_auth", "proxy_authorization_needed"),',
        'redis-cli> AUTH <password>',
        's-nail: >>> AUTH LOGIN\ns-nail: >>> SERVER: 334 VXNlcm5hbWU6',
        's-nail: >>> AUTH PLAIN AHJlbGF5AC8qIHNlY3JldCAqLw==',
      ],
    },
  },
];
